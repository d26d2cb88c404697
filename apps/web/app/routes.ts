import { index, layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { ALL_ROUTES, type LayoutName } from './route-table.ts';

// product §2: every route with its exact path, its name as the route id, under its layout route
// (default, fullviewer, oops; the viewer and the asset catch-all have none), then the extra routes
// (form endpoints, development pages) of route-table.ts.

const LAYOUT_FILES: Readonly<Record<Exclude<LayoutName, 'none'>, string>> = {
  default: 'layouts/default.tsx',
  fullviewer: 'layouts/fullviewer.tsx',
  oops: 'layouts/oops.tsx',
};

function entriesOf(layoutName: LayoutName): RouteConfigEntry[] {
  return ALL_ROUTES.filter((entry) => entry.layout === layoutName).map((entry) =>
    entry.path === '' ? index(entry.file, { id: entry.name }) : route(entry.path, entry.file, { id: entry.name }),
  );
}

export default [
  ...(['default', 'fullviewer', 'oops'] as const).map((name) =>
    layout(LAYOUT_FILES[name], { id: `layout-${name}` }, entriesOf(name)),
  ),
  ...entriesOf('none'),
] satisfies RouteConfig;
