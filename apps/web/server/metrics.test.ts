import { readFileSync } from 'node:fs';
import { matchRoutes, type ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routePatternOf, WebMetrics } from './metrics.ts';

// A route manifest shaped as the build's: a root, a layout, an index and two pages.
const routes = {
  root: { id: 'root', path: '', module: {} },
  'layout-default': { id: 'layout-default', parentId: 'root', module: {} },
  index: { id: 'index', parentId: 'layout-default', index: true, module: {} },
  title: { id: 'title', parentId: 'layout-default', path: 'title/:titleId', module: {} },
  viewer: { id: 'viewer', parentId: 'root', path: 'title/:titleId/episode/:episodeId', module: {} },
} as unknown as ServerBuild['routes'];

describe('routePatternOf', () => {
  const patternOf = routePatternOf(routes, matchRoutes);

  it('labels a page with its route pattern, never its path', () => {
    expect(patternOf('/title/123')).toBe('/title/:titleId');
    expect(patternOf('/title/77/episode/9')).toBe('/title/:titleId/episode/:episodeId');
    expect(patternOf('/')).toBe('/');
  });

  it('labels a path no route matches as unmatched', () => {
    expect(patternOf('/nothing/here/4242')).toBe('unmatched');
  });

  it('answers a kept shape as matching would, whatever its ids, and keeps a static all-digit segment apart', () => {
    for (let id = 1; id < 50; id++) expect(patternOf(`/title/${id}`)).toBe('/title/:titleId');
    expect(patternOf('/title/abc')).toBe('/title/:titleId');
    expect(patternOf('/title/1/episode/2/more')).toBe('unmatched');
    const withDigits = routePatternOf(
      {
        ...routes,
        year: { id: 'year', parentId: 'layout-default', path: 'ranking/2026', module: {} },
        ranking: { id: 'ranking', parentId: 'layout-default', path: 'ranking/:rankingId', module: {} },
      } as unknown as ServerBuild['routes'],
      matchRoutes,
    );
    expect(withDigits('/ranking/7')).toBe('/ranking/:rankingId');
    expect(withDigits('/ranking/2026')).toBe('/ranking/2026');
  });
});

describe('WebMetrics', () => {
  let metrics: WebMetrics | undefined;
  afterEach(() => metrics?.close());

  it('serves the counts on its own port', async () => {
    metrics = new WebMetrics();
    metrics.answered({ kind: 'page', route: '/title/:titleId', method: 'GET', status: 200 }, 0.02);
    metrics.answered({ kind: 'page', route: '/title/:titleId', method: 'GET', status: 200 }, 0.03);
    await metrics.listen(0, '127.0.0.1');
    const { port } = (metrics as unknown as { server: import('node:http').Server }).server.address() as {
      port: number;
    };
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toContain('manga_web_requests_total{kind="page",route="/title/:titleId",method="GET",status="200"} 2');
    expect(text).toContain('manga_web_process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });
});

describe('the alerting rules of docs/deploy/prometheus', () => {
  it('name only web metrics that the web server serves', async () => {
    const rules = readFileSync(new URL('../../../docs/deploy/prometheus/manga-rules.yml', import.meta.url), 'utf8');
    const served = new Set((await new WebMetrics().registry.getMetricsAsJSON()).map((metric) => metric.name));
    const named = new Set(
      [...rules.matchAll(/\bmanga_web_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(named.size).toBeGreaterThan(2);
    for (const name of named) expect(served, name).toContain(name);
  });
});

describe('the Grafana dashboard of docs/deploy/grafana', () => {
  it('queries only web metrics that the web server serves, and shows its requests, latency and process', async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../docs/deploy/grafana/manga-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { targets?: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)).join('\n');
    const served = new Set((await new WebMetrics().registry.getMetricsAsJSON()).map((metric) => metric.name));
    const named = new Set(
      [...exprs.matchAll(/\bmanga_web_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    for (const name of ['manga_web_requests_total', 'manga_web_request_duration_seconds'])
      expect(named).toContain(name);
    expect(named).toContain('manga_web_nodejs_eventloop_lag_p99_seconds');
    for (const name of named) expect(served, name).toContain(name);
  });
});
