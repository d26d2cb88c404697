import { OpsShopScreen } from '#app/features/ops/ops-shop-screen.tsx';
import { loadShop, submitShopAction } from '#app/features/ops/shop.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/ops-shop';

// The shop's products (issue 26, ADR 063): editors and admins only, everyone else gets the 404 page.

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('ops-shop');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadShop(apiFor(request, context), url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitShopAction(apiFor(request, context), request, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'shop_console.title');

export default function OpsShopPage({ loaderData }: Route.ComponentProps) {
  return <OpsShopScreen data={loaderData} />;
}
