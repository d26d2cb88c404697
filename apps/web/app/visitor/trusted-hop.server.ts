import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_ADDRESS_HEADER, isLoopbackAddress, PROXY_SECRET_HEADER, REQUEST_ID_HEADER } from '@manga/contracts';
import { env } from '#app/env.server.ts';
import type { ClientConnection } from './client-connection.server.ts';

// The trusted hop to the API (ADR 015): every call the web server makes for a visitor, SSR or the
// /api proxy, names the visitor's address in CLIENT_ADDRESS_HEADER and proves it with the proxy
// secret, so that the API counts login and mail attempts per visitor instead of per web server.
// The secret is MANGA_PROXY_SECRET, else the one the API generated in the data directory.

/** Where the API keeps the proxy secret it generated (SecretFileRepository: `<data>/secrets`). */
const GENERATED_SECRET_FILE = join('secrets', 'proxy-secret');

let generated: string | undefined;

/** The proxy secret; undefined until the API has created it (read again on the next call). */
export async function proxySecret(): Promise<string | undefined> {
  if (env.proxySecret) return env.proxySecret;
  if (generated) return generated;
  try {
    const text = (await readFile(join(env.dataDir, GENERATED_SECRET_FILE), 'utf8')).trim();
    if (text.length >= 32) generated = text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return generated;
}

/**
 * The request id (issue 25), and the two headers that tell the API whose request this is; none without a secret or an address,
 * and none for a relayed request that looks loopback (a local proxy in front that MANGA_TRUST_PROXY
 * does not name): the API then sees a relayed request it cannot place, never a local one.
 */
export async function trustedHopHeaders(connection: ClientConnection | undefined): Promise<Record<string, string>> {
  // The request id goes on every call, with or without the proof of the address (issue 25).
  const id: Record<string, string> = connection?.requestId ? { [REQUEST_ID_HEADER]: connection.requestId } : {};
  if (!connection?.address || (connection.relayed && isLoopbackAddress(connection.address))) return id;
  const secret = await proxySecret();
  if (!secret) return id;
  return { ...id, [CLIENT_ADDRESS_HEADER]: connection.address, [PROXY_SECRET_HEADER]: secret };
}

/**
 * The proof that a call is this web server's own (the catalogue revision stream, ADR 078): the proxy
 * secret with this server as the address; none without a secret (the API then admits this machine only).
 */
export async function webServerHopHeaders(): Promise<Record<string, string>> {
  const secret = await proxySecret();
  return secret ? { [CLIENT_ADDRESS_HEADER]: '127.0.0.1', [PROXY_SECRET_HEADER]: secret } : {};
}
