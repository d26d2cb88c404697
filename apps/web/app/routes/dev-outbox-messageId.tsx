import { loadOutboxMessage } from '#app/features/dev-outbox/dev-outbox.server.ts';
import { OutboxMessageScreen } from '#app/features/dev-outbox/outbox-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/dev-outbox-messageId';

// Development only: one mail of the outbox (GET /dev/outbox/:id).

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('dev-outbox-messageId');

export function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadOutboxMessage(request, context, url, params.messageId);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'dev_outbox.title');

export default function DevOutboxMessagePage({ loaderData }: Route.ComponentProps) {
  return <OutboxMessageScreen message={loaderData.message} />;
}
