import { loadTitleList } from '#app/features/editorial/editorial.server.ts';
import { TitleListScreen } from '#app/features/editorial/title-list-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-catalogue';

// The catalogue console's title list (issue 26, ADR 046): editors only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-catalogue');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadTitleList(apiFor(request, context), url, visitorOf(context).visitor.locale);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editorial.titles.title');

export default function OpsCataloguePage({ loaderData }: Route.ComponentProps) {
  return <TitleListScreen data={loaderData} />;
}
