// Clients other than this machine (ADR 015): the API counts login failures and account mails per
// client, and takes the client's address from our web server over the trusted hop. The limit tests
// name a fresh client of their own the same way, so they neither use up the budget of the suite's
// own client (this machine) nor depend on what earlier runs left in the window.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_ADDRESS_HEADER, PROXY_SECRET_HEADER } from '@manga/contracts';
import { serviceEnv } from './e2e-env.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** MANGA_PROXY_SECRET, else the secret the API generated in the service's data directory. */
async function proxySecret(): Promise<string> {
  if (serviceEnv.MANGA_PROXY_SECRET) return serviceEnv.MANGA_PROXY_SECRET;
  const dataDir = serviceEnv.MANGA_DATA_DIR || 'data';
  const file = join(isAbsolute(dataDir) ? dataDir : resolve(root, dataDir), 'secrets', 'proxy-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    throw new Error(`no proxy secret at ${file}: run the suite with the service's MANGA_DATA_DIR`, { cause: error });
  }
}

/** Request headers that make the API count the request for a new client (IPv6 documentation range). */
export async function newNamedClient(): Promise<Record<string, string>> {
  const address = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  return { [CLIENT_ADDRESS_HEADER]: address, [PROXY_SECRET_HEADER]: await proxySecret() };
}
