import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/ui/page-frame.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-ticket';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-ticket');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-ticket.title');

export default function MySettingTicketPage() {
  const { t } = useTranslation();
  return (
    <PlannedScreen
      page="my-setting-ticket"
      crumbs={[
        { label: t('pages.my.title'), to: '/my' },
        { label: t('pages.my-setting.title'), to: '/my/setting' },
      ]}
    />
  );
}
