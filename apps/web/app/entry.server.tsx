import { PassThrough } from 'node:stream';
import {
  CLIENT_ADDRESS_HEADER,
  FORWARDING_HEADERS,
  formatWireDateTime,
  type Locale,
  PROXY_SECRET_HEADER,
} from '@manga/contracts';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, RouterContextProvider, ServerRouter } from 'react-router';
import { CspNonceContext } from './csp-nonce.ts';
import { env } from './env.server.ts';
import { DocumentLocaleContext } from './i18n/document-locale.ts';
import {
  fetchCatalogueRevision,
  PageCache,
  pageCacheKeyOf,
  sessionTokenOf,
  withoutSession,
} from './page-cache/page-cache.server.ts';
import { RevisionStream } from './page-cache/revision-stream.server.ts';
import { personalAnswer } from './personal/personal.server.ts';
import { KEPT_PERSONAL_KINDS, PersonalAnswerCache } from './personal/personal-cache.server.ts';
import { PERSONAL_SLOT, type PersonalKind } from './personal/personal-data.ts';
import { contentSecurityPolicy, newCspNonce, originOf, SECURITY_HEADERS } from './security-headers.server.ts';
import {
  type ClientConnection,
  clientConnectionContext,
  connectionAddress,
  memberShellContext,
} from './visitor/client-connection.server.ts';
import { isCrawlerAgent } from './visitor/crawler-agent.ts';
import { requestIdOf } from './visitor/request-id.server.ts';
import { trustedHopHeaders, webServerHopHeaders } from './visitor/trusted-hop.server.ts';
import { type HeaderReader, readVisitor } from './visitor/visitor.ts';
import { SHELL_META_HEADER, visitorContext } from './visitor/visitor-context.server.ts';

// React Router's default Node entry, plus the visitor's locale for screens without root data.

export const streamTimeout = 5_000;

/**
 * What the production server (server/main.ts, compiled apart, ADR 012) takes from this build: the web env as
 * env.server.ts parsed it, the wire clock for the `server_time` of its own error answers, and the
 * visitor's connection (ADR 015): read from the socket, handed to React Router in the load context,
 * and named to the API over the trusted hop.
 */
/** A kept personal answer is given at most this long (ADR 081): the API's session touch interval. */
const PERSONAL_ANSWER_MAX_AGE_MS = 5 * 60_000;

export const productionServer = {
  env,
  serverTime: () => formatWireDateTime(new Date(), env.wireTimeZone),
  /** Headers by which a proxy says it relays someone. */
  forwardingHeaders: FORWARDING_HEADERS,
  /** Headers only this server may send to the API: any copy a visitor sends is dropped. */
  hopHeaderNames: [CLIENT_ADDRESS_HEADER, PROXY_SECRET_HEADER],
  /** Sent on every answer of the web origin (ADR 015). */
  securityHeaders: SECURITY_HEADERS,
  connectionOf(
    socketAddress: string,
    forwardedFor: string | undefined,
    relayed: boolean,
    requestId?: string,
  ): ClientConnection {
    return { address: connectionAddress(socketAddress, forwardedFor, env.trustedProxyHops), relayed, requestId };
  },
  /** The id of a request (issue 25): its trusted front's X-Request-Id, else a new one. */
  requestIdOf(sent: string | string[] | undefined): string {
    return requestIdOf(sent, env.trustRequestId);
  },
  /** The load context of a request; `memberShell`: the shared shell of logged-in readers' pages (ADR 048). */
  loadContextFor(connection: ClientConnection, memberShell = false): RouterContextProvider {
    const context = new RouterContextProvider();
    context.set(clientConnectionContext, connection);
    if (memberShell) context.set(memberShellContext, true);
    return context;
  },
  /** The request's headers without its session: what a member shell is drawn from (ADR 048). */
  withoutSession(headers: Headers): Headers {
    return withoutSession(headers, env.cookiePrefix);
  },
  /** The reader's personal answer of a member page (ADR 048). */
  personalAnswer,
  shellMetaHeader: SHELL_META_HEADER,
  personalSlot: PERSONAL_SLOT,
  trustedHopHeaders,
  /** The session token of a request, or undefined. */
  sessionOf(headers: HeaderReader): string | undefined {
    return sessionTokenOf(headers, env.cookiePrefix);
  },
  /**
   * The page cache of anonymous and crawler pages (ADR 020), or undefined when it is off; with it the
   * personal answers kept per reader (ADR 081), enabled only when the revision is pushed.
   */
  createPageCache():
    | { pageCache: PageCache; personalAnswers: { cache: PersonalAnswerCache; kinds: ReadonlySet<PersonalKind> } }
    | undefined {
    const personalAnswers = new PersonalAnswerCache({
      maxSessions: env.pageCachePushRecheckMs > 0 ? env.personalCacheSessions : 0,
      maxAgeMs: PERSONAL_ANSWER_MAX_AGE_MS,
      now: () => Date.now(),
    });
    const stream =
      env.pageCachePushRecheckMs > 0 && env.pageCacheMaxBytes > 0
        ? new RevisionStream({
            apiUrl: env.apiUrl,
            recheckMs: env.pageCachePushRecheckMs,
            now: () => Date.now(),
            headers: webServerHopHeaders,
            warn: (message) => console.warn(message),
            onReaders: (readers) => personalAnswers.forget(readers),
          })
        : undefined;
    const cache = new PageCache({
      maxBytes: env.pageCacheMaxBytes,
      ttlMs: env.pageCacheTtlMs,
      revisionCheckMs: env.pageCacheRevisionCheckMs,
      now: () => Date.now(),
      newNonce: newCspNonce,
      fetchRevision: () => fetchCatalogueRevision(env.apiUrl),
      pushedRevision: stream && (() => stream.current()),
      cookiePrefix: env.cookiePrefix,
    });
    if (!cache.enabled) return undefined;
    stream?.start();
    return { pageCache: cache, personalAnswers: { cache: personalAnswers, kinds: KEPT_PERSONAL_KINDS } };
  },
  /** The page cache key of a request, or undefined when its page is rendered for it alone. */
  pageCacheKeyOf(method: string, pathAndQuery: string, headers: HeaderReader) {
    return pageCacheKeyOf(method, pathAndQuery, headers, env);
  },
};

/** The type server/main.ts reads `productionServer` of the imported build as. */
export type ProductionServer = typeof productionServer;

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
      isCrawlerAgent(userAgent) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

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
