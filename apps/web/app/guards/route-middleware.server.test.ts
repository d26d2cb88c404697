import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { env } from '#app/env.server.ts';
import { ALL_ROUTES, ROUTE_TABLE } from '#app/route-table.ts';
import routes from '#app/routes.ts';
import { readVisitor } from '#app/visitor/visitor.ts';
import { visitorContext } from '#app/visitor/visitor-context.server.ts';
import { resolveRouteMiddleware, routeMiddleware } from './route-middleware.server.ts';

describe('route middleware', () => {
  it('throws for an unknown route middleware', () => {
    expect(() => resolveRouteMiddleware(['title', 'no-such-middleware'])).toThrow(
      'Unknown route middleware "no-such-middleware"',
    );
    expect(resolveRouteMiddleware(['title', 'viewer', 'own-history', 'my', 'age-check', 'private'])).toHaveLength(6);
  });

  it('runs parameter validation, then the navigation guard, then the named middleware', () => {
    expect(routeMiddleware('index')).toHaveLength(2);
    expect(routeMiddleware('title-titleId')).toHaveLength(3);
    expect(routeMiddleware('my-history')).toHaveLength(4);
  });

  it('throws for a route that is not in the table', () => {
    expect(() => routeMiddleware('nope' as 'index')).toThrow('Unknown route "nope"');
  });
});

describe('route table (product §2)', () => {
  const byName = new Map(ROUTE_TABLE.map((entry) => [entry.name, entry]));

  it('has every route with its path, layout and middleware', () => {
    expect(ROUTE_TABLE).toHaveLength(42);
    expect(byName.get('index')).toMatchObject({ path: '', layout: 'default', middleware: [] });
    expect(byName.get('error-errorCode')).toMatchObject({ path: 'error/:errorCode', layout: 'fullviewer' });
    expect(byName.get('law-age')).toMatchObject({ path: 'law/age', layout: 'oops', middleware: ['age-check'] });
    expect(byName.get('law-age-denied')).toMatchObject({ layout: 'oops' });
    expect(byName.get('maintenance')).toMatchObject({ layout: 'oops' });
    expect(byName.get('title-titleId')).toMatchObject({ path: 'title/:titleId', middleware: ['title'] });
    expect(byName.get('title-titleId-episode-episodeId')).toMatchObject({
      path: 'title/:titleId/episode/:episodeId',
      layout: 'none',
      middleware: ['viewer'],
      params: { titleId: 'title-id', episodeId: 'non-negative-int' },
    });
    for (const viewer of ['minfunction-embed-viewer', 'minfunction-full-viewer'] as const) {
      // The minfunction viewers show the episode route's reader, with its middleware and rules.
      expect(byName.get(viewer)).toMatchObject({
        middleware: ['viewer'],
        params: { titleId: 'title-id', episodeId: 'non-negative-int' },
      });
    }
    expect(byName.get('my-history')?.middleware).toEqual(['my', 'own-history']);
    expect(byName.get('catch-all')).toMatchObject({ path: 'assets/*' });
    expect(byName.get('ranking-rankingId')?.params).toEqual({ rankingId: 'non-negative-int' });
    expect(byName.get('search-category-categoryId')?.params).toEqual({ categoryId: 'non-negative-int' });
  });

  it('guards every /my page with the my middleware, and only those', () => {
    for (const entry of ROUTE_TABLE) {
      expect(entry.middleware.includes('my' as never), entry.name).toBe(
        entry.path === 'my' || entry.path.startsWith('my/'),
      );
    }
  });

  it('keeps the comments endpoint and every console page private (ADR 013, ADR 042)', () => {
    const extra = ALL_ROUTES.filter((entry) => entry.name === 'episode-comments' || entry.path.startsWith('ops'));
    expect(extra.map((entry) => entry.path).sort()).toEqual([
      'episode/:episodeId/comments',
      'ops',
      'ops/audit',
      'ops/catalogue',
      'ops/catalogue/:titleId',
      'ops/catalogue/:titleId/episode/:episodeId/preview',
      'ops/catalogue/new',
      'ops/figures',
      'ops/ngwords',
      'ops/shop',
      'ops/staff',
      'ops/support',
      'ops/top',
    ]);
    for (const entry of extra) expect(entry.middleware, entry.name).toEqual(['private']);
  });

  it('names each route uniquely', () => {
    expect(new Set(ROUTE_TABLE.map((entry) => entry.name)).size).toBe(ROUTE_TABLE.length);
    expect(new Set(ROUTE_TABLE.map((entry) => entry.path)).size).toBe(ROUTE_TABLE.length);
  });
});

describe('router configuration (routes.ts)', () => {
  type ConfigEntry = { id?: string; path?: string; file: string; index?: boolean; children?: ConfigEntry[] };
  const served = new Map<string, { layout: string; path: string | undefined; file: string }>();
  for (const entry of routes as ConfigEntry[]) {
    for (const child of entry.children ?? [entry]) {
      const layout = entry.children ? (entry.id ?? '') : 'none';
      served.set(child.id ?? '', { layout, path: child.index ? '' : child.path, file: child.file });
    }
  }

  it('serves every route of the table, under its layout, at its path, from its module', () => {
    for (const entry of ALL_ROUTES) {
      expect(served.get(entry.name), entry.name).toEqual({
        layout: entry.layout === 'none' ? 'none' : `layout-${entry.layout}`,
        path: entry.path,
        file: entry.file,
      });
    }
    expect(served.size).toBe(ALL_ROUTES.length);
  });

  it('serves the form endpoints outside any layout, with parameter checks and the guard only', () => {
    expect(served.get('account-login')?.layout).toBe('none');
    expect(routeMiddleware('account-login')).toHaveLength(2);
    expect(routeMiddleware('account-logout')).toHaveLength(2);
  });

  it('keeps every served path and name unique', () => {
    expect(new Set(ALL_ROUTES.map((entry) => entry.name)).size).toBe(ALL_ROUTES.length);
    expect(new Set(ALL_ROUTES.map((entry) => entry.path)).size).toBe(ALL_ROUTES.length);
  });
});

describe('the age gate sends a settled visitor on (issue 22: open redirects)', () => {
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  const cookie = [
    [`${env.cookiePrefix}birthday`, { value: '1990-01', expires }],
    [`${env.cookiePrefix}terms_of_service_adult`, { value: 1, expires }],
    [`${env.cookiePrefix}privacy_policy`, { value: 1, expires }],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('; ');

  async function locationAfterGate(query: string): Promise<string | null> {
    const [ageCheck] = resolveRouteMiddleware(['age-check']);
    const url = new URL(`http://127.0.0.1:3240/law/age?${query}`);
    const request = new Request(url, { headers: { cookie } });
    const context = new RouterContextProvider();
    context.set(visitorContext, { visitor: readVisitor(request.headers, env), setCookies: [], hopHeaders: {} });
    try {
      await ageCheck?.({ request, url, context, params: {}, pattern: '/law/age' } as never, async () => new Response());
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get('location');
      throw thrown;
    }
    return null;
  }

  it('to a path on the site, with its query and hash', async () => {
    expect(await locationAfterGate('redirect=%2Ftitle%2F10001%3Fcomments%3D2%23c')).toBe('/title/10001?comments=2#c');
  });

  it.each([
    '/%09/evil.com',
    '/%0a/evil.com',
    '%2F.%2F%2Fevil.com',
    '/%2e//evil.com',
    '/..//evil.com',
    '/a/../..//evil.com',
    '//evil.com',
    '/%5Cevil.com',
    'https://evil.com',
  ])('never off the site: redirect=%s goes to the top page', async (query) => {
    expect(await locationAfterGate(`redirect=${query}`)).toBe('/');
  });
});
