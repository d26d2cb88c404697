// Prometheus metrics of the web server (prom-client, issue 25) on MANGA_WEB_METRICS_PORT, loopback by
// default, never on the public port. Labels: what answered (`page`, `api` through the proxy, `static`,
// `build`), the route pattern of a page (`/title/:titleId`, never the URL), the method and the status.
import { createServer, type Server } from 'node:http';
import { RequestMetrics } from '@manga/observability';
import { LRUCache } from 'lru-cache';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { matchRoutes as MatchRoutes, RouteObject, ServerBuild } from 'react-router';

export type AnswerKind = 'page' | 'api' | 'static' | 'build';

/** Label of a path no route of the app matches. */
const UNMATCHED = 'unmatched';

/** Patterns kept, by path shape: matchRoutes flattens and ranks every route on each call. */
const KEPT_PATTERNS = 2_000;

/**
 * The route pattern of a page path, from the build's route manifest with React Router's own
 * `matchRoutes` (passed in: main.ts loads react-router only once NODE_ENV is set). Answers are
 * kept by the path's shape (its all-digit segments as `0`, when no route has such a segment of its
 * own): matching costs about as much as a page from the page cache.
 */
export function routePatternOf(
  routes: ServerBuild['routes'],
  matchRoutes: typeof MatchRoutes,
): (pathname: string) => string {
  const all = Object.values(routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  const digitsAreIds = !all.some((route) => route.path?.split('/').some((segment) => /^\d+$/.test(segment)));
  const kept = new LRUCache<string, string>({ max: KEPT_PATTERNS });
  return (pathname) => {
    const shape = digitsAreIds ? pathname.replace(/\/\d+(?=\/|$)/g, '/0') : pathname;
    const known = kept.get(shape);
    if (known !== undefined) return known;
    const matches = matchRoutes(tree, shape);
    const parts = matches?.map((match) => match.route.path).filter((path): path is string => Boolean(path));
    const pattern = parts ? `/${parts.join('/')}`.replace(/\/+/g, '/') : UNMATCHED;
    kept.set(shape, pattern);
    return pattern;
  };
}

type Label = 'kind' | 'route' | 'method' | 'status';

export class WebMetrics {
  readonly registry = new Registry();
  private readonly requests: RequestMetrics<Label>;
  private server: Server | undefined;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'manga_web_' });
    this.requests = new RequestMetrics<Label>(this.registry, {
      requests: {
        name: 'manga_web_requests_total',
        help: 'Requests answered by the web server, by kind, page route pattern, method and status',
      },
      duration: {
        name: 'manga_web_request_duration_seconds',
        help: 'Time to answer (a streamed page: until its last byte), by kind, route pattern, method and status',
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      },
    });
  }

  answered(labels: { kind: AnswerKind; route: string; method: string; status: number }, seconds: number): void {
    const { kind, route, method, status } = labels;
    this.requests.answered(
      `${kind} ${route} ${method} ${status}`,
      () => ({ kind, route, method, status: String(status) }),
      seconds,
    );
  }

  /** Serves `GET /metrics` on `port` at `host`. */
  listen(port: number, host: string): Promise<void> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  }

  close(): void {
    this.server?.close();
    this.server?.closeAllConnections();
  }
}
