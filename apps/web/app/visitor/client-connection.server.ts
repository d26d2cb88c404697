import { isLoopbackAddress } from '@manga/contracts';
import { createContext, type RouterContextProvider } from 'react-router';

// The visitor's connection as the production server (server/main.ts) saw it: the address of its socket
// (or of the load balancer's hop when MANGA_TRUST_PROXY says so) and whether a proxy relayed the
// request. The server hands it over in the load context; React Router's dev server does not, and
// then the visitor counts as remote (ADR 015).

export interface ClientConnection {
  address: string;
  /** The request arrived with forwarding headers (a proxy relayed it). */
  relayed: boolean;
  /** The web server's id of this request, sent on every API call made for it (issue 25). */
  requestId?: string;
}

export const clientConnectionContext = createContext<ClientConnection | null>(null);

/**
 * Set by the production server alone (never from anything in the request) when it renders the shared
 * shell of logged-in readers' pages (ADR 048).
 */
export const memberShellContext = createContext<boolean>(false);

export function clientConnectionOf(context: Readonly<RouterContextProvider>): ClientConnection | undefined {
  return context.get(clientConnectionContext) ?? undefined;
}

/** A visitor on this machine, talking to the web server directly. */
export function isLocalConnection(connection: ClientConnection | undefined): boolean {
  return connection !== undefined && !connection.relayed && isLoopbackAddress(connection.address);
}

/**
 * The client's address from the socket and the X-Forwarded-For list: with `trustedHops` load
 * balancers in front (MANGA_TRUST_PROXY), the entry the nearest of them appended, never one the
 * client wrote itself.
 */
export function connectionAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  if (trustedHops <= 0 || !forwardedFor) return socketAddress;
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain[chain.length - trustedHops] ?? chain[0] ?? socketAddress;
}
