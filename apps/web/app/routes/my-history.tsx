import { loadHistoryPage, submitHistoryAction } from '#app/features/history/history-page.server.ts';
import { HistoryScreen } from '#app/features/history/history-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-history';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-history');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadHistoryPage(request, context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return submitHistoryAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-history.title');

/** The reading history (product §2): the titles read last, continue, remove one or clear all. */
export default function MyHistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  return <HistoryScreen page={loaderData} result={actionData} />;
}
