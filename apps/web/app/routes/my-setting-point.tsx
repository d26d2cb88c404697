import { useTranslation } from 'react-i18next';
import { PlannedScreen } from '#app/components/ui/page-frame.tsx';
import { PlanStatus } from '#app/features/shop/plan-status.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-point';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-point');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-point.title');

export default function MySettingPointPage() {
  const { t } = useTranslation();
  return (
    <>
      <PlanStatus />
      <PlannedScreen
        page="my-setting-point"
        crumbs={[
          { label: t('pages.my.title'), to: '/my' },
          { label: t('pages.my-setting.title'), to: '/my/setting' },
        ]}
      />
    </>
  );
}
