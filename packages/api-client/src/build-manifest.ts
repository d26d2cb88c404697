import { joinUrl } from './request-params.ts';

export interface PollBuildManifestOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Asks `builds/latest` under `baseUrl` (the web origin, product §7) for the id of the deployed build.
 * Returns undefined when the manifest cannot be read; polling must never break the page.
 */
export async function pollBuildManifest(
  baseUrl: string,
  options: PollBuildManifestOptions = {},
): Promise<string | undefined> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  try {
    // `cache` is the browser's (Node's fetch types, which the API's tests compile this with, lack it).
    const init: RequestInit & { cache?: 'no-store' } = {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      credentials: 'include',
      signal: options.signal,
    };
    const response = await fetchImpl(joinUrl(baseUrl, 'builds/latest'), init);
    if (!response.ok) return undefined;
    const manifest: unknown = await response.json();
    if (typeof manifest !== 'object' || manifest === null) return undefined;
    const id = (manifest as Record<string, unknown>).id;
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number') return String(id);
    return undefined;
  } catch {
    return undefined;
  }
}
