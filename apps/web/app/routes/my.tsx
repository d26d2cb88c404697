import { PlannedScreen } from '#app/components/ui/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my.title');

export default function MyPage() {
  return <PlannedScreen page="my" />;
}
