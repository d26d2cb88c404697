import { loadFigures } from '#app/features/ops/figures.server.ts';
import { OpsFiguresScreen } from '#app/features/ops/ops-figures-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-figures';

// Sales and reading figures (issue 26, ADR 072): analysts, editors and admins only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-figures');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadFigures(apiFor(request, context), url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'figures_console.title');

export default function OpsFiguresPage({ loaderData }: Route.ComponentProps) {
  return <OpsFiguresScreen data={loaderData} />;
}
