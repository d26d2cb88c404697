// The product §2 route table: name (also the React Router route id), path, layout, route middleware
// and parameter rules. routes.ts builds the router configuration from it, and each route module
// names itself here to get its middleware (guards/route-middleware.server.ts).

/** default: header and footer; fullviewer: the whole window, no site frame; oops: a small centred card; none: the route draws everything. */
export type LayoutName = 'default' | 'fullviewer' | 'oops' | 'none';

/** Named route middleware of product §2. */
export const ROUTE_MIDDLEWARE_NAMES = ['title', 'viewer', 'own-history', 'my', 'age-check', 'private'] as const;
export type RouteMiddlewareName = (typeof ROUTE_MIDDLEWARE_NAMES)[number];

/** Rules for path parameters (product §5): a failure shows the 404 page. */
export type ParamRule = 'title-id' | 'non-negative-int';

export interface RouteEntry {
  readonly name: string;
  /** React Router path pattern (`:param`, `*`); '' is the index route. */
  readonly path: string;
  /** Module under app/. */
  readonly file: string;
  readonly layout: LayoutName;
  readonly middleware: readonly RouteMiddlewareName[];
  readonly params: Readonly<Record<string, ParamRule>>;
}

const none = [] as const;
const noParams = {} as const;

export const ROUTE_TABLE = [
  { name: 'index', path: '', file: 'routes/index.tsx', layout: 'default', middleware: none, params: noParams },
  ...(
    [
      ['account-email-presave-send', 'account/email/presave/send'],
      ['account-email-save', 'account/email/save'],
      ['account-password-prereset', 'account/password/prereset'],
      ['account-password-prereset-send', 'account/password/prereset/send'],
      ['account-password-presave', 'account/password/presave'],
      ['account-password-presave-send', 'account/password/presave/send'],
      ['account-password-reset', 'account/password/reset'],
      ['account-password-save', 'account/password/save'],
      ['account-presave', 'account/presave'],
      ['account-save', 'account/save'],
      ['account-save-welcome', 'account/save/welcome'],
    ] as const
  ).map(([name, path]) => ({
    name,
    path,
    file: `routes/${name}.tsx`,
    layout: 'default' as const,
    middleware: none,
    params: noParams,
  })),
  {
    name: 'article-abj',
    path: 'article/abj',
    file: 'routes/article-abj.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'article-cal-bus-and-prof-code',
    path: 'article/cal-bus-and-prof-code',
    file: 'routes/article-cal-bus-and-prof-code.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'article-help',
    path: 'article/help',
    file: 'routes/article-help.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'article-terms-of-service',
    path: 'article/terms-of-service',
    file: 'routes/article-terms-of-service.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'error-errorCode',
    path: 'error/:errorCode',
    file: 'routes/error-errorCode.tsx',
    layout: 'fullviewer',
    middleware: none,
    params: { errorCode: 'non-negative-int' },
  },
  {
    name: 'law-age',
    path: 'law/age',
    file: 'routes/law-age.tsx',
    layout: 'oops',
    middleware: ['age-check'],
    params: noParams,
  },
  {
    name: 'law-age-denied',
    path: 'law/age/denied',
    file: 'routes/law-age-denied.tsx',
    layout: 'oops',
    middleware: none,
    params: noParams,
  },
  {
    name: 'maintenance',
    path: 'maintenance',
    file: 'routes/maintenance.tsx',
    layout: 'oops',
    middleware: none,
    params: noParams,
  },
  {
    name: 'minfunction-episode-detail',
    path: 'minfunction/title/:titleId/episode/:episodeId/detail',
    file: 'routes/minfunction-episode-detail.tsx',
    layout: 'default',
    middleware: none,
    params: { titleId: 'title-id' },
  },
  // The minfunction viewers show the same reader as the episode route, so they share its viewer
  // middleware (private, no-store) and its episodeId rule.
  {
    name: 'minfunction-embed-viewer',
    path: 'minfunction/title/:titleId/episode/:episodeId/embedviewer',
    file: 'routes/minfunction-embed-viewer.tsx',
    layout: 'none',
    middleware: ['viewer'],
    params: { titleId: 'title-id', episodeId: 'non-negative-int' },
  },
  {
    name: 'minfunction-full-viewer',
    path: 'minfunction/title/:titleId/episode/:episodeId/fullviewer',
    file: 'routes/minfunction-full-viewer.tsx',
    layout: 'fullviewer',
    middleware: ['viewer'],
    params: { titleId: 'title-id', episodeId: 'non-negative-int' },
  },
  { name: 'my', path: 'my', file: 'routes/my.tsx', layout: 'default', middleware: ['my'], params: noParams },
  {
    name: 'my-history',
    path: 'my/history',
    file: 'routes/my-history.tsx',
    layout: 'default',
    middleware: ['my', 'own-history'],
    params: noParams,
  },
  ...(
    [
      ['my-purchased', 'my/purchased'],
      ['my-setting', 'my/setting'],
      ['my-setting-email', 'my/setting/email'],
      ['my-setting-optout', 'my/setting/optout'],
      ['my-setting-point', 'my/setting/point'],
      ['my-setting-ticket', 'my/setting/ticket'],
      ['my-shop', 'my/shop'],
    ] as const
  ).map(([name, path]) => ({
    name,
    path,
    file: `routes/${name}.tsx`,
    layout: 'default' as const,
    middleware: ['my'] as const,
    params: noParams,
  })),
  {
    name: 'ranking',
    path: 'ranking',
    file: 'routes/ranking.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'ranking-rankingId',
    path: 'ranking/:rankingId',
    file: 'routes/ranking-rankingId.tsx',
    layout: 'default',
    middleware: none,
    params: { rankingId: 'non-negative-int' },
  },
  { name: 'search', path: 'search', file: 'routes/search.tsx', layout: 'default', middleware: none, params: noParams },
  {
    name: 'search-category-categoryId',
    path: 'search/category/:categoryId',
    file: 'routes/search-category-categoryId.tsx',
    layout: 'default',
    middleware: none,
    params: { categoryId: 'non-negative-int' },
  },
  {
    name: 'search-genre-genreId',
    path: 'search/genre/:genreId',
    file: 'routes/search-genre-genreId.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'search-query',
    path: 'search/:query',
    file: 'routes/search-query.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  { name: 'series', path: 'series', file: 'routes/series.tsx', layout: 'default', middleware: none, params: noParams },
  {
    name: 'title-titleId',
    path: 'title/:titleId',
    file: 'routes/title-titleId.tsx',
    layout: 'default',
    middleware: ['title'],
    params: { titleId: 'title-id' },
  },
  {
    name: 'title-titleId-episode-episodeId',
    path: 'title/:titleId/episode/:episodeId',
    file: 'routes/title-titleId-episode-episodeId.tsx',
    layout: 'none',
    middleware: ['viewer'],
    params: { titleId: 'title-id', episodeId: 'non-negative-int' },
  },
  {
    name: 'catch-all',
    path: 'assets/*',
    file: 'routes/catch-all.tsx',
    layout: 'none',
    middleware: none,
    params: noParams,
  },
] as const satisfies readonly RouteEntry[];

/**
 * Routes beyond product §2: the form endpoints of the login dialog and of logout (no screen of their
 * own; they answer posts and send other requests on), the comments endpoint of an episode (loaded
 * and posted to by the comments section, ADR 013), the operator console (`/ops`, operators only:
 * everyone else gets the 404 page), and development-only pages, which answer 404 when MANGA_ENV is
 * production (the dev outbox of ADR 007). And the privacy policy (`article-privacy-policy`), open
 * like the terms and the help page, so that the age gate's "I agree to the Privacy Policy" links to
 * something readable (ADR 018).
 */
export const EXTRA_ROUTES = [
  // The shop's checkout (embedded test provider) and payment result pages (ADR 019).
  ...(
    [
      ['my-shop-checkout', 'my/shop/checkout'],
      ['my-shop-result', 'my/shop/result'],
    ] as const
  ).map(([name, path]) => ({
    name,
    path,
    file: `routes/${name}.tsx`,
    layout: 'default' as const,
    middleware: ['my'] as const,
    params: noParams,
  })),
  // The alert mail's no-login unsubscribe link (ADR 065).
  {
    name: 'mail-unsubscribe',
    path: 'mail/unsubscribe',
    file: 'routes/mail-unsubscribe.tsx',
    layout: 'oops',
    middleware: ['private'],
    params: noParams,
  },
  // Offline reading (ADR 052): the page the service worker precaches and sends readers to offline.
  { name: 'offline', path: 'offline', file: 'routes/offline.tsx', layout: 'none', middleware: none, params: noParams },
  {
    name: 'article-privacy-policy',
    path: 'article/privacy-policy',
    file: 'routes/article-privacy-policy.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'account-login',
    path: 'account/login',
    file: 'routes/account-login.tsx',
    layout: 'none',
    middleware: none,
    params: noParams,
  },
  {
    name: 'account-logout',
    path: 'account/logout',
    file: 'routes/account-logout.tsx',
    layout: 'none',
    middleware: none,
    params: noParams,
  },
  {
    name: 'episode-comments',
    path: 'episode/:episodeId/comments',
    file: 'routes/episode-comments.tsx',
    layout: 'none',
    middleware: ['private'],
    params: { episodeId: 'non-negative-int' },
  },
  { name: 'ops', path: 'ops', file: 'routes/ops.tsx', layout: 'default', middleware: ['private'], params: noParams },
  {
    name: 'ops-ngwords',
    path: 'ops/ngwords',
    file: 'routes/ops-ngwords.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  {
    name: 'ops-audit',
    path: 'ops/audit',
    file: 'routes/ops-audit.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  // The catalogue console (issue 26, ADR 046): editors only, everyone else gets the 404 page.
  {
    name: 'ops-catalogue',
    path: 'ops/catalogue',
    file: 'routes/ops-catalogue.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  {
    name: 'ops-catalogue-new',
    path: 'ops/catalogue/new',
    file: 'routes/ops-catalogue-new.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  {
    name: 'ops-catalogue-titleId',
    path: 'ops/catalogue/:titleId',
    file: 'routes/ops-catalogue-titleId.tsx',
    layout: 'default',
    middleware: ['private'],
    params: { titleId: 'non-negative-int' },
  },
  // A chapter in the real reader before release (ADR 073): editors only, everyone else gets the 404 page.
  {
    name: 'ops-catalogue-titleId-episode-episodeId-preview',
    path: 'ops/catalogue/:titleId/episode/:episodeId/preview',
    file: 'routes/ops-catalogue-titleId-episode-episodeId-preview.tsx',
    layout: 'none',
    middleware: ['private'],
    params: { titleId: 'non-negative-int', episodeId: 'non-negative-int' },
  },
  {
    name: 'ops-staff',
    path: 'ops/staff',
    file: 'routes/ops-staff.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  // Support (issue 26, ADR 063): support and admins only, everyone else gets the 404 page.
  {
    name: 'ops-support',
    path: 'ops/support',
    file: 'routes/ops-support.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  // The shop's products (issue 26, ADR 063): editors and admins only, everyone else gets the 404 page.
  {
    name: 'ops-shop',
    path: 'ops/shop',
    file: 'routes/ops-shop.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  // Top page curation (issue 26, ADR 074): editors and admins only, everyone else gets the 404 page.
  {
    name: 'ops-top',
    path: 'ops/top',
    file: 'routes/ops-top.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  // Sales and reading figures (issue 26, ADR 072): analysts, editors and admins; everyone else gets the 404 page.
  {
    name: 'ops-figures',
    path: 'ops/figures',
    file: 'routes/ops-figures.tsx',
    layout: 'default',
    middleware: ['private'],
    params: noParams,
  },
  {
    name: 'dev-outbox',
    path: 'dev/outbox',
    file: 'routes/dev-outbox.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
  {
    name: 'dev-outbox-messageId',
    path: 'dev/outbox/:messageId',
    file: 'routes/dev-outbox-messageId.tsx',
    layout: 'default',
    middleware: none,
    params: noParams,
  },
] as const satisfies readonly RouteEntry[];

/** Every route the router serves: product §2's, then the extra ones. */
export const ALL_ROUTES: readonly RouteEntry[] = [
  ...(ROUTE_TABLE as readonly RouteEntry[]),
  ...(EXTRA_ROUTES as readonly RouteEntry[]),
];

export type RouteName = (typeof ROUTE_TABLE)[number]['name'] | (typeof EXTRA_ROUTES)[number]['name'];

const ENTRIES: readonly RouteEntry[] = ALL_ROUTES;
const byName = new Map<string, RouteEntry>(ENTRIES.map((entry) => [entry.name, entry]));

export function routeEntry(name: RouteName): RouteEntry {
  const entry = byName.get(name);
  if (!entry) throw new Error(`Unknown route "${name}"`);
  return entry;
}
