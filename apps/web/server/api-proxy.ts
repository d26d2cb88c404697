import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { READER_HEADER } from '@manga/contracts';
import type { ClientConnection } from '#app/visitor/client-connection.server.ts';
import { endToEndHeaders, sendJson } from './http-headers.ts';

// `/api/*`: the API under the web origin (architecture §1, product §7's proxy prefix), the prefix stripped.

export interface ApiProxyOptions {
  /** Where the API listens (MANGA_API_URL). */
  apiUrl: URL;
  /** The wire clock, for the `server_time` of the proxy's own error answers. */
  serverTime(): string;
  /** The headers naming the visitor to the API over the trusted hop (ADR 015). */
  trustedHopHeaders(connection: ClientConnection): Promise<Record<string, string>>;
}

export function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** Appends the caller's address to x-forwarded-for, as every proxy hop does. */
function forwardedFor(req: IncomingMessage): string {
  const previous = req.headers['x-forwarded-for'];
  const address = clientAddress(req);
  return previous ? `${previous}, ${address}` : address;
}

export class ApiProxy {
  constructor(private readonly options: ApiProxyOptions) {}

  /** Streams the request to the API and the answer back (method, headers, body, set-cookie, status). */
  async forward(
    req: IncomingMessage,
    res: ServerResponse,
    pathAndQuery: string,
    connection: ClientConnection,
  ): Promise<void> {
    const { apiUrl } = this.options;
    const basePath = apiUrl.pathname.replace(/\/+$/, '');
    const target = new URL(`${basePath}${pathAndQuery}`, apiUrl);
    const headers = endToEndHeaders(req.headers);
    headers.host = target.host;
    headers['x-forwarded-for'] = forwardedFor(req);
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
    Object.assign(headers, await this.options.trustedHopHeaders(connection));

    const transport = target.protocol === 'https:' ? https : http;
    const upstream = transport.request(target, { method: req.method, headers }, (answer) => {
      const answerHeaders = endToEndHeaders(answer.headers);
      // Said to this server about its own calls (ADR 081): nothing the visitor needs.
      delete answerHeaders[READER_HEADER];
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy(error);
        return;
      }
      // The API never answers HTML; neither does its proxy (architecture §4).
      sendJson(res, 502, {
        status: 'error',
        response_code: 1099,
        error_message: '',
        server_time: this.options.serverTime(),
      });
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }
}
