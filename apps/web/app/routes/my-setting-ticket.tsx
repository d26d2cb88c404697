import { loadTicketPage } from '#app/features/wallet/ticket-page.server.ts';
import { TicketScreen } from '#app/features/wallet/ticket-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-ticket';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-ticket');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadTicketPage(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-ticket.title');

export default function MySettingTicketPage({ loaderData }: Route.ComponentProps) {
  return <TicketScreen page={loaderData} />;
}
