import { type ApiClient, createBrowserApiClient } from '@manga/api-client';
import type { RootData } from '#app/root-data.ts';

let client: ApiClient | undefined;
let clientKey = '';

/** The browser's API client (through the web origin's /api prefix), shared by every component. */
export function browserApi(root: Pick<RootData, 'apiPrefix' | 'cookiePrefix' | 'isCrawler'>): ApiClient {
  const key = `${root.apiPrefix}|${root.cookiePrefix}|${root.isCrawler}`;
  if (!client || key !== clientKey) {
    client = createBrowserApiClient({
      prefix: root.apiPrefix,
      cookiePrefix: root.cookiePrefix,
      isCrawler: root.isCrawler,
    });
    clientKey = key;
  }
  return client;
}
