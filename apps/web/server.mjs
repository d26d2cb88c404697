// Production server of the web app (`npm start -w @manga/web`, after `npm run build`):
//   /assets/*, /favicon.svg …  files of build/client (hashed assets cached for a year, immutable,
//                              their brotli/gzip forms made once)
//   /api/*                     proxied to the API with the prefix stripped (DESIGN §1)
//   /builds/latest             id of the deployed build, for pollBuildManifest (SPEC §7)
//   everything else            React Router's SSR request handler, behind the page cache for
//                              anonymous visitors and crawlers of catalogue pages (ADR 020)
// Every text answer (pages, the API's JSON through the proxy) goes compressed with brotli or gzip
// (the `compression` middleware, flushed per write so that streamed pages still stream).
// Configuration is parsed once, by app/env.server.ts: the server build's entry (app/entry.server.tsx)
// exports it as `productionServer`, so this server and the app read the same values (ADR 012).
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

process.env.NODE_ENV ??= 'production';

const { createRequestListener } = await import('@react-router/node');
const { createRequestHandler } = await import('react-router');
const { default: compression } = await import('compression');

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, 'build', 'client');
const serverBuildFile = path.join(here, 'build', 'server', 'index.js');

if (!existsSync(serverBuildFile))
  throw new Error(`No server build at ${serverBuildFile}; run \`npm run build\` first.`);
// Importing the build parses the environment; a bad value stops the server here with its message.
const build = await import(serverBuildFile);
const {
  env,
  serverTime,
  forwardingHeaders,
  hopHeaderNames,
  connectionOf,
  loadContextFor,
  trustedHopHeaders,
  securityHeaders,
  createPageCache,
  pageCacheKeyOf,
} = build.entry.module.productionServer;
const config = { apiUrl: new URL(env.apiUrl), host: env.host, port: env.port, apiPrefix: env.publicApiPrefix };
const handleWithReactRouter = createRequestListener({
  build,
  mode: process.env.NODE_ENV,
  // `request` is the Fetch request made from the node request after acceptConnection dropped the hop headers.
  getLoadContext: (request, client) =>
    loadContextFor(
      connectionOf(
        client.address ?? '',
        request.headers.get('x-forwarded-for') ?? undefined,
        forwardingHeaders.some((name) => request.headers.has(name)),
      ),
    ),
});

const handleFetch = createRequestHandler(build, process.env.NODE_ENV);
const pageCache = createPageCache();
/** Header telling whether a page came from the page cache (`hit`) or was rendered (`miss`). */
const PAGE_CACHE_HEADER = 'x-page-cache';
const compress = compression({
  threshold: 1024,
  // Flush what each write gave, so that a streamed page's shell reaches the browser at once.
  flush: zlib.constants.Z_SYNC_FLUSH,
  brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
});

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const CONTENT_TYPES = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Text assets worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.css', '.js', '.mjs', '.json', '.map', '.html', '.txt', '.xml', '.svg', '.webmanifest']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Compressed hashed assets, made once per file and encoding (they never change). */
const compressed = new Map();

/** The encoding to send a compressible file in: brotli, else gzip, else none (identity). */
function chooseEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** The file's bytes in `encoding`, compressed on first use and kept (the slowest, smallest settings). */
function compressedFile(file, etag, encoding) {
  const key = `${file}|${etag}|${encoding}`;
  let bytes = compressed.get(key);
  if (!bytes) {
    bytes = readFile(file).then((raw) =>
      encoding === 'br'
        ? brotli(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzip(raw, { level: 9 }),
    );
    bytes.catch(() => compressed.delete(key));
    compressed.set(key, bytes);
  }
  return bytes;
}

/** Headers without hop-by-hop ones, including those the Connection header names. */
function endToEndHeaders(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const result = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    result[name] = value;
  }
  return result;
}

function clientAddress(req) {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** Appends the caller's address to x-forwarded-for, as every proxy hop does. */
function forwardedFor(req) {
  const previous = req.headers['x-forwarded-for'];
  const address = clientAddress(req);
  return previous ? `${previous}, ${address}` : address;
}

function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * The visitor's connection (address, relayed or not); then the hop headers a visitor may have
 * sent are dropped, so that only this server ever sets them (ADR 015).
 */
function acceptConnection(req) {
  const relayed = forwardingHeaders.some((name) => name in req.headers);
  const forwarded = req.headers['x-forwarded-for'];
  const connection = connectionOf(clientAddress(req), typeof forwarded === 'string' ? forwarded : undefined, relayed);
  for (const name of hopHeaderNames) delete req.headers[name];
  return connection;
}

/** Streams the request to the API and the answer back (method, headers, body, set-cookie, status). */
async function proxyToApi(req, res, pathAndQuery, connection) {
  const basePath = config.apiUrl.pathname.replace(/\/+$/, '');
  const target = new URL(`${basePath}${pathAndQuery}`, config.apiUrl);
  const headers = endToEndHeaders(req.headers);
  headers.host = target.host;
  headers['x-forwarded-for'] = forwardedFor(req);
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
  Object.assign(headers, await trustedHopHeaders(connection));

  const transport = target.protocol === 'https:' ? https : http;
  const upstream = transport.request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  upstream.on('error', (error) => {
    if (res.headersSent) {
      res.destroy(error);
      return;
    }
    // The API never answers HTML; neither does its proxy (DESIGN §4).
    sendJson(res, 502, { status: 'error', response_code: 1099, error_message: '', server_time: serverTime() });
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/** Serves a file of build/client, or returns false when there is none for this path. */
async function serveStatic(req, res, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // No NUL bytes and no dot-files (build/client/.vite holds Vite's manifest).
  if (decoded.includes('\0') || /(^|\/)\./.test(decoded)) return false;
  const file = path.join(clientDir, path.posix.normalize(decoded));
  if (!file.startsWith(clientDir + path.sep)) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;

  const etag = `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
  const hashed = decoded.startsWith('/assets/');
  const headers = {
    'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    etag,
    'last-modified': info.mtime.toUTCString(),
    // Our own files: no sniffing, no framing by others (React Router's answers get these from the app).
    ...securityHeaders,
  };
  // Hashed scripts and styles go compressed (the reader's JavaScript is ~700 KB raw, ADR 016).
  const encoding =
    hashed && COMPRESSIBLE.has(path.extname(file).toLowerCase())
      ? chooseEncoding(req.headers['accept-encoding'])
      : undefined;
  if (hashed && COMPRESSIBLE.has(path.extname(file).toLowerCase())) headers.vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  if (encoding) {
    const body = await compressedFile(file, etag, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.writeHead(200, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file)
    .on('error', (error) => res.destroy(error))
    .pipe(res);
  return true;
}

/** The Fetch headers of a Node request (repeated headers joined, as React Router's adapter does). */
function fetchHeadersOf(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Whether the request accepts gzip (a q of 0 refuses it). */
function acceptsGzip(req) {
  return String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, q]) => name.trim().toLowerCase() === 'gzip' && (!q || Number(q.trim().replace(/^q=/, '')) > 0));
}

/** Writes a page held as { status, headers: [name, value][], html, gzip? } (gzip: from the page cache). */
function writePage(req, res, page, cacheStatus) {
  const headers = {};
  for (const [name, value] of page.headers) {
    const key = name.toLowerCase();
    if (key === 'content-length' || key === 'content-encoding' || HOP_BY_HOP.has(key)) continue;
    if (key !== 'set-cookie') headers[key] = value;
    else if (Array.isArray(headers[key])) headers[key].push(value);
    else headers[key] = [value];
  }
  headers[PAGE_CACHE_HEADER] = cacheStatus;
  if (page.gzip) {
    headers.vary = 'Accept-Encoding';
    if (acceptsGzip(req)) {
      // Already compressed: the compression middleware leaves an encoded answer alone.
      res.writeHead(page.status, { ...headers, 'content-encoding': 'gzip', 'content-length': page.gzip.length });
      res.end(page.gzip);
      return;
    }
  }
  res.writeHead(page.status, headers);
  res.end(page.html);
}

/**
 * A catalogue page for an anonymous visitor or a crawler: from the page cache, or rendered whole
 * (not streamed), kept when it may be, and sent. Without an answer from the API about the catalogue
 * revision the page is rendered and not kept.
 */
async function servePageCached(req, res, connection, cacheable) {
  const revision = await pageCache.refresh().catch(() => undefined);
  const hit =
    revision === undefined ? undefined : pageCache.lookup(cacheable.key, acceptsGzip(req) ? 'gzip' : 'identity');
  if (hit) {
    writePage(req, res, hit, 'hit');
    return;
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: 'GET',
    headers: fetchHeadersOf(req),
    signal: controller.signal,
  });
  const response = await handleFetch(request, loadContextFor(connection));
  const headers = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  const page = { status: response.status, headers, html: await response.text() };
  if (revision !== undefined && pageCache.isStorable(page, cacheable.isCrawler)) {
    pageCache.store(cacheable.key, revision, page);
  }
  writePage(req, res, page, 'miss');
}

const startedAt = Date.now();

async function handle(req, res) {
  const connection = acceptConnection(req);
  const url = new URL(req.url ?? '/', 'http://web.internal');
  const { pathname } = url;

  if (pathname === config.apiPrefix || pathname.startsWith(`${config.apiPrefix}/`)) {
    const rest = pathname.slice(config.apiPrefix.length) || '/';
    await proxyToApi(req, res, `${rest}${url.search}`, connection);
    return;
  }
  if (pathname === '/builds/latest' && (req.method === 'GET' || req.method === 'HEAD')) {
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
  if ((req.method === 'GET' || req.method === 'HEAD') && mayBeFile && (await serveStatic(req, res, pathname))) return;

  const cacheable = pageCache && pageCacheKeyOf(req.method ?? 'GET', req.url ?? '/', fetchHeadersOf(req));
  if (cacheable) {
    await servePageCached(req, res, connection, cacheable);
    return;
  }
  await handleWithReactRouter(req, res);
}

const server = http.createServer((req, res) => {
  compress(req, res, () =>
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    }),
  );
});
server.keepAliveTimeout = 65_000;
// Requests Node's parser refuses (a URL or headers over 16 KB, malformed ones) answer in the
// envelope, as the API does, instead of a bare status line (ADR 015).
server.on('clientError', (error, socket) => {
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

server.listen(config.port, config.host, () => {
  console.log(
    `web listening on http://${config.host}:${config.port} (API ${config.apiUrl.origin}, proxied at ${config.apiPrefix})`,
  );
});

function shutdown(signal) {
  console.log(`${signal} received, closing the web server`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
