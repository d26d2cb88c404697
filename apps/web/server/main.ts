// Production server of the web app (`npm start -w @manga/web`, after `npm run build`, which compiles
// this file to build/web-server.js):
//   /assets/*, /favicon.svg …  files of build/client (static-files.ts)
//   /api/*                     proxied to the API with the prefix stripped (api-proxy.ts, architecture §1)
//   (unsafe methods)           refused 403 when they carry cookies from another origin (cross-site.ts, ADR 028)
//   /builds/latest             id of the deployed build, for pollBuildManifest (product §7)
//   everything else            React Router's SSR request handler, behind the page cache for
//                              anonymous visitors and crawlers of catalogue pages (cached-pages.ts, ADR 020)
// Every text answer (pages, the API's JSON through the proxy) goes compressed with brotli or gzip
// (the `compression` middleware, flushed per write so that streamed pages still stream).
// Configuration is parsed once, by app/env.server.ts: the server build's entry (app/entry.server.tsx)
// exports it as `productionServer`, so this server and the app read the same values (ADR 012).
import { existsSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { REQUEST_ID_HEADER } from '@manga/contracts';
import { BatchedLines } from '@manga/observability';
import type { ServerBuild } from 'react-router';
import type { ProductionServer } from '#app/entry.server.tsx';
import { ApiProxy, clientAddress } from './api-proxy.ts';
import { CachedPages } from './cached-pages.ts';
import { refuseCrossSite } from './cross-site.ts';
import { headerReaderOf, sendJson } from './http-headers.ts';
import { type AnswerKind, routePatternOf, WebMetrics } from './metrics.ts';
import { StaticFiles } from './static-files.ts';

process.env.NODE_ENV ??= 'production';
const mode = process.env.NODE_ENV;

const { createRequestListener } = await import('@react-router/node');
const { createRequestHandler, matchRoutes } = await import('react-router');
const { default: compression } = await import('compression');

/** apps/web/build, where this file is compiled to. */
const buildDir = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(buildDir, 'client');
const serverBuildFile = path.join(buildDir, 'server', 'index.js');

if (!existsSync(serverBuildFile))
  throw new Error(`No server build at ${serverBuildFile}; run \`npm run build\` first.`);
// Importing the build parses the environment; a bad value stops the server here with its message.
const build = (await import(serverBuildFile)) as ServerBuild & {
  entry: { module: { productionServer: ProductionServer } };
};
const {
  env,
  serverTime,
  requestIdOf,
  forwardingHeaders,
  hopHeaderNames,
  connectionOf,
  loadContextFor,
  trustedHopHeaders,
  securityHeaders,
  createPageCache,
  pageCacheKeyOf,
  withoutSession,
  personalAnswer,
  sessionOf,
  shellMetaHeader,
  personalSlot,
} = build.entry.module.productionServer;
const config = { apiUrl: new URL(env.apiUrl), host: env.host, port: env.port, apiPrefix: env.publicApiPrefix };
const handleWithReactRouter = createRequestListener({
  build,
  mode,
  // `request` is the Fetch request made from the node request after acceptConnection dropped the hop headers.
  getLoadContext: (request, client) =>
    loadContextFor(
      connectionOf(
        client.address ?? '',
        request.headers.get('x-forwarded-for') ?? undefined,
        forwardingHeaders.some((name) => request.headers.has(name)),
        // Set by acceptConnection: this server's id of the request.
        request.headers.get(REQUEST_ID_HEADER) ?? undefined,
      ),
    ),
});

const caches = createPageCache();
const cachedPages =
  caches &&
  new CachedPages({
    pageCache: caches.pageCache,
    personalAnswers: caches.personalAnswers,
    sessionOf,
    handleFetch: createRequestHandler(build, mode),
    loadContextFor,
    renderWhole: (req, res) => compressed(req, res, () => handleWithReactRouter(req, res)),
    compressed: (req, res, answer) => compressed(req, res, answer),
    withoutSession,
    personalAnswer,
    shellMetaHeader,
    personalSlot,
  });
const staticFiles = new StaticFiles(clientDir, securityHeaders);
const apiProxy = new ApiProxy({ apiUrl: config.apiUrl, serverTime, trustedHopHeaders });
const compress = compression({
  threshold: 1024,
  // Flush what each write gave, so that a streamed page's shell reaches the browser at once.
  flush: zlib.constants.Z_SYNC_FLUSH,
  brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
});

/**
 * Runs `answer` behind the compression middleware. Every answer goes through it except a page the
 * page cache sends already gzipped (its wrapping was a tenth of such an answer's cost, ADR 077).
 */
function compressed(req: IncomingMessage, res: ServerResponse, answer: () => Promise<void> | void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // compression's types are Express's; it runs on plain Node requests and answers.
    compress(req as never, res as never, () => {
      Promise.resolve().then(answer).then(resolve, reject);
    });
  });
}

/**
 * The visitor's connection (address, relayed or not, the request's id); then the hop headers a
 * visitor may have sent are dropped, so that only this server ever sets them (ADR 015), and the
 * request carries this server's id (issue 25).
 */
function acceptConnection(req: IncomingMessage) {
  const relayed = forwardingHeaders.some((name) => name in req.headers);
  const forwarded = req.headers['x-forwarded-for'];
  const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER]);
  const connection = connectionOf(
    clientAddress(req),
    typeof forwarded === 'string' ? forwarded : undefined,
    relayed,
    requestId,
  );
  for (const name of hopHeaderNames) delete req.headers[name];
  req.headers[REQUEST_ID_HEADER] = requestId;
  return connection;
}

const metrics = new WebMetrics();
const requestLog = new BatchedLines();
const routePattern = routePatternOf(build.routes, matchRoutes);

/**
 * What is done when the answer ends, called once: when `res` closes, or right after a page-cache hit
 * written whole in one turn (ADR 084: no listener for the answer most asked for). One JSON line (the
 * request id the API logs too, method, path without its query, page route, status, time; nothing
 * that names the visitor, ADR 015) and the metrics. Static files are counted, not logged. Lines are
 * written in batches (request-log.ts).
 */
function observer(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId: string,
  answer: { kind: AnswerKind },
): () => void {
  const startedAt = performance.now();
  return () => {
    const { kind } = answer;
    const route = kind === 'page' ? routePattern(url.pathname) : kind;
    const seconds = (performance.now() - startedAt) / 1000;
    const status = res.headersSent ? res.statusCode : 0;
    metrics.answered({ kind, route, method: req.method ?? 'GET', status }, seconds);
    if (kind === 'static') return;
    requestLog.write(
      `${JSON.stringify({
        time: Date.now(),
        msg: 'request',
        reqId: requestId,
        method: req.method,
        path: url.pathname,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
      })}\n`,
    );
  };
}

const crossSiteGuard = { allowedOrigins: env.webOrigins, serverTime, securityHeaders };
const startedAt = Date.now();

/**
 * One request. The answer most asked for, a kept page's gzip hit, is written here in the turn the
 * request arrived in, without a promise (ADR 086: each one costs more while React's renderer keeps
 * async hooks on); the rest goes on in `handleFurther`.
 */
function handle(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
  const connection = acceptConnection(req);
  const answer: { kind: AnswerKind } = { kind: 'page' };
  const url = new URL(req.url ?? '/', 'http://web.internal');
  const answered = observer(req, res, url, connection.requestId ?? '', answer);
  // Catalogue and member pages (never files: none of their paths names one) go to the page cache,
  // which compresses what it does not already hold gzipped and sets the request's id itself (a hit
  // writes its whole head at once, ADR 084; such a request is a GET, never refused as cross-site).
  const cacheable = cachedPages && pageCacheKeyOf(req.method ?? 'GET', req.url ?? '/', headerReaderOf(req.headers));
  if (cacheable && cachedPages?.answerAtOnce(req, res, connection, cacheable, answered)) return undefined;
  return handleFurther(req, res, { connection, answer, url, answered, cacheable });
}

async function handleFurther(
  req: IncomingMessage,
  res: ServerResponse,
  {
    connection,
    answer,
    url,
    answered,
    cacheable,
  }: {
    connection: ReturnType<typeof acceptConnection>;
    answer: { kind: AnswerKind };
    url: URL;
    answered: () => void;
    cacheable: ReturnType<typeof pageCacheKeyOf> | undefined;
  },
): Promise<void> {
  if (!cacheable) {
    res.once('close', answered);
    res.setHeader(REQUEST_ID_HEADER, connection.requestId ?? '');
  }
  const { pathname } = url;
  const isApiPath = pathname === config.apiPrefix || pathname.startsWith(`${config.apiPrefix}/`);
  // A form posted by another site with the visitor's cookies goes no further (ADR 028).
  if (refuseCrossSite(req, res, isApiPath, crossSiteGuard)) return;
  // A reader changing something through this server (a form, the API through its prefix): their kept
  // answers go now and once it is done, before the page they go to next (ADR 081; the API's stream
  // tells the rest, a few ms later, for changes made elsewhere).
  if (caches && req.method !== 'GET' && req.method !== 'HEAD') {
    const session = sessionOf(headerReaderOf(req.headers));
    if (session) {
      caches.personalAnswers.cache.forgetSession(session);
      res.once('close', () => caches.personalAnswers.cache.forgetSession(session));
    }
  }

  if (cachedPages && cacheable) {
    await cachedPages.serve(req, res, connection, cacheable, answered);
    return;
  }
  await compressed(req, res, async () => {
    if (isApiPath) {
      answer.kind = 'api';
      const rest = pathname.slice(config.apiPrefix.length) || '/';
      await apiProxy.forward(req, res, `${rest}${url.search}`, connection);
      return;
    }
    if (pathname === '/builds/latest' && (req.method === 'GET' || req.method === 'HEAD')) {
      answer.kind = 'build';
      sendJson(
        res,
        200,
        { id: build.assets.version, timestamp: startedAt },
        { 'cache-control': 'no-store', ...securityHeaders },
      );
      return;
    }
    // Files of build/client all have an extension; pages never need the stat.
    const mayBeFile = pathname.slice(pathname.lastIndexOf('/')).includes('.');
    if ((req.method === 'GET' || req.method === 'HEAD') && mayBeFile) {
      answer.kind = 'static';
      if (await staticFiles.serve(req, res, pathname)) return;
      answer.kind = 'page';
    }
    await handleWithReactRouter(req, res);
  });
}

function failed(res: ServerResponse, error: unknown): void {
  console.error(error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Internal Server Error');
}

const server = http.createServer((req, res) => {
  try {
    handle(req, res)?.catch((error: unknown) => failed(res, error));
  } catch (error) {
    failed(res, error);
  }
});
server.keepAliveTimeout = 65_000;
// Requests Node's parser refuses (a URL or headers over 16 KB, malformed ones) answer in the
// envelope, as the API does, instead of a bare status line (ADR 015).
server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    status: 'error',
    response_code: 1001,
    error_message: status === 431 ? 'request line or headers too large' : 'malformed request',
    server_time: serverTime(),
  });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
});

if (env.metricsPort !== undefined) {
  await metrics.listen(env.metricsPort, env.metricsHost);
  console.log(`web metrics on http://${env.metricsHost}:${env.metricsPort}/metrics`);
}

server.listen(config.port, config.host, () => {
  console.log(
    `web listening on http://${config.host}:${config.port} (API ${config.apiUrl.origin}, proxied at ${config.apiPrefix})`,
  );
});

function shutdown(signal: string) {
  console.log(`${signal} received, closing the web server`);
  metrics.close();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
