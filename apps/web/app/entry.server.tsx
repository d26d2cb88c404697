import { PassThrough } from 'node:stream';
import {
  CLIENT_ADDRESS_HEADER,
  FORWARDING_HEADERS,
  formatWireDateTime,
  type Locale,
  PROXY_SECRET_HEADER,
} from '@manga/contracts';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, RouterContextProvider, ServerRouter } from 'react-router';
import { CspNonceContext } from './csp-nonce.ts';
import { env } from './env.server.ts';
import { DocumentLocaleContext } from './i18n/document-locale.ts';
import { fetchCatalogueRevision, PageCache, pageCacheKeyOf } from './page-cache/page-cache.server.ts';
import { contentSecurityPolicy, newCspNonce, originOf, SECURITY_HEADERS } from './security-headers.server.ts';
import {
  type ClientConnection,
  clientConnectionContext,
  connectionAddress,
} from './visitor/client-connection.server.ts';
import { trustedHopHeaders } from './visitor/trusted-hop.server.ts';
import { readVisitor } from './visitor/visitor.ts';
import { visitorContext } from './visitor/visitor-context.server.ts';

// React Router's default Node entry, plus the visitor's locale for screens without root data.

export const streamTimeout = 5_000;

/**
 * What the production server (server.mjs, plain JavaScript) takes from this build: the web env as
 * env.server.ts parsed it, the wire clock for the `server_time` of its own error answers, and the
 * visitor's connection (ADR 015): read from the socket, handed to React Router in the load context,
 * and named to the API over the trusted hop.
 */
export const productionServer = {
  env,
  serverTime: () => formatWireDateTime(new Date(), env.wireTimeZone),
  /** Headers by which a proxy says it relays someone. */
  forwardingHeaders: FORWARDING_HEADERS,
  /** Headers only this server may send to the API: any copy a visitor sends is dropped. */
  hopHeaderNames: [CLIENT_ADDRESS_HEADER, PROXY_SECRET_HEADER],
  /** Sent on every answer of the web origin (ADR 015). */
  securityHeaders: SECURITY_HEADERS,
  connectionOf(socketAddress: string, forwardedFor: string | undefined, relayed: boolean): ClientConnection {
    return { address: connectionAddress(socketAddress, forwardedFor, env.trustedProxyHops), relayed };
  },
  loadContextFor(connection: ClientConnection): RouterContextProvider {
    const context = new RouterContextProvider();
    context.set(clientConnectionContext, connection);
    return context;
  },
  trustedHopHeaders,
  /** The page cache of anonymous and crawler pages (ADR 020), or undefined when it is off. */
  createPageCache(): PageCache | undefined {
    const cache = new PageCache({
      maxBytes: env.pageCacheMaxBytes,
      ttlMs: env.pageCacheTtlMs,
      revisionCheckMs: env.pageCacheRevisionCheckMs,
      now: () => Date.now(),
      newNonce: newCspNonce,
      fetchRevision: () => fetchCatalogueRevision(env.apiUrl),
      cookiePrefix: env.cookiePrefix,
    });
    return cache.enabled ? cache : undefined;
  },
  /** The page cache key of a request, or undefined when its page is rendered for it alone. */
  pageCacheKeyOf(method: string, pathAndQuery: string, headers: Headers) {
    return pageCacheKeyOf(method, pathAndQuery, headers, env);
  },
};

function localeOf(loadContext: RouterContextProvider, request: Request): Locale {
  try {
    return loadContext.get(visitorContext).visitor.locale;
  } catch {
    // The root middleware did not run (no route matched): the same choice it makes, from the request.
    return readVisitor(request.headers, env).locale;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Every inline script React Router renders carries this page's nonce, as do our own (CspNonceContext:
  // the reader's boot page); nothing else inline runs (ADR 015). Vite's development server injects its own scripts, so it goes without.
  const nonce = newCspNonce();
  if (!import.meta.env.DEV) {
    responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, originOf(env.publicApiUrl)));
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <DocumentLocaleContext.Provider value={localeOf(loadContext, request)}>
        <CspNonceContext.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CspNonceContext.Provider>
      </DocumentLocaleContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
