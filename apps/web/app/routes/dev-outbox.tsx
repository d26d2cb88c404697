import { loadOutbox } from '#app/features/dev-outbox/dev-outbox.server.ts';
import { OutboxScreen } from '#app/features/dev-outbox/outbox-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/dev-outbox';

// Development only (not a product §2 screen): the mails the embedded outbox received (GET /dev/outbox).

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('dev-outbox');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadOutbox(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'dev_outbox.title');

export default function DevOutboxPage({ loaderData }: Route.ComponentProps) {
  return <OutboxScreen messages={loaderData.messages} />;
}
