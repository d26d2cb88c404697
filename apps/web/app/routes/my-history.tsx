import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/ui/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-history';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-history');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-history.title');

export default function MyHistoryPage() {
  const { t } = useTranslation();
  return <PlannedScreen page="my-history" crumbs={[{ label: t('pages.my.title'), to: '/my' }]} />;
}
