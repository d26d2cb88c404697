import { PlanStatus } from '#app/features/shop/plan-status.tsx';
import { loadPointPage } from '#app/features/wallet/point-page.server.ts';
import { PointScreen } from '#app/features/wallet/point-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-point';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-point');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadPointPage(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-point.title');

export default function MySettingPointPage({ loaderData }: Route.ComponentProps) {
  return <PointScreen page={loaderData} plan={<PlanStatus />} />;
}
