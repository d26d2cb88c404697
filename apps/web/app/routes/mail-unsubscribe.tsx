import { loadUnsubscribe, submitUnsubscribe } from '#app/features/alerts/unsubscribe.server.ts';
import { UnsubscribeScreen } from '#app/features/alerts/unsubscribe-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/mail-unsubscribe';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('mail-unsubscribe');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadUnsubscribe(request, context, url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitUnsubscribe(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'alerts.unsubscribe.title');

/** The alert mail's one-click unsubscribe (ADR 065): a signed token, no login. */
export default function MailUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribeScreen result={actionData ?? loaderData} />;
}
