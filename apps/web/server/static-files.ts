import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { acceptedEncodings } from './http-headers.ts';

// The files of build/client: hashed assets cached for a year (immutable), their brotli and gzip forms
// made once; other files (favicon, robots.txt…) cached for an hour.

const CONTENT_TYPES: Readonly<Record<string, string>> = {
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

/** The service worker (ADR 052): always revalidated, so that a new build's worker is found at once. */
const SERVICE_WORKER_PATH = '/sw.js';

/** Text assets worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.css', '.js', '.mjs', '.json', '.map', '.html', '.txt', '.xml', '.svg', '.webmanifest']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to send a compressible file in: brotli, else gzip, else none (identity). */
function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

export class StaticFiles {
  /** Compressed hashed assets, made once per file and encoding (they never change). */
  private readonly compressed = new Map<string, Promise<Buffer>>();

  /**
   * @param clientDir build/client
   * @param securityHeaders sent with every file (React Router's answers get them from the app)
   */
  constructor(
    private readonly clientDir: string,
    private readonly securityHeaders: Readonly<Record<string, string>>,
  ) {}

  /** Serves a file of build/client, or returns false when there is none for this path. */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    // No NUL bytes and no dot-files (build/client/.vite holds Vite's manifest).
    if (decoded.includes('\0') || /(^|\/)\./.test(decoded)) return false;
    const file = path.join(this.clientDir, path.posix.normalize(decoded));
    if (!file.startsWith(this.clientDir + path.sep)) return false;
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return false;
    }
    if (!info.isFile()) return false;

    const etag = `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
    const hashed = decoded.startsWith('/assets/');
    const extension = path.extname(file).toLowerCase();
    const headers: OutgoingHttpHeaders = {
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': hashed
        ? 'public, max-age=31536000, immutable'
        : decoded === SERVICE_WORKER_PATH
          ? 'no-cache'
          : 'public, max-age=3600',
      etag,
      'last-modified': info.mtime.toUTCString(),
      // Our own files: no sniffing, no framing by others.
      ...this.securityHeaders,
    };
    // Hashed scripts and styles go compressed (the reader's JavaScript is ~700 KB raw, ADR 016).
    const compressible = hashed && COMPRESSIBLE.has(extension);
    const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    if (compressible) headers.vary = 'Accept-Encoding';
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    if (encoding) {
      const body = await this.compressedFile(file, etag, encoding);
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

  /** The file's bytes in `encoding`, compressed on first use and kept (the slowest, smallest settings). */
  private compressedFile(file: string, etag: string, encoding: Encoding): Promise<Buffer> {
    const key = `${file}|${etag}|${encoding}`;
    let bytes = this.compressed.get(key);
    if (!bytes) {
      bytes = readFile(file).then((raw) =>
        encoding === 'br'
          ? brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : gzip(raw, { level: 9 }),
      );
      bytes.catch(() => this.compressed.delete(key));
      this.compressed.set(key, bytes);
    }
    return bytes;
  }
}
