import { loadShop, submitShop } from '#app/features/shop/shop.server.ts';
import { ShopScreen } from '#app/features/shop/shop-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-shop';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-shop');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadShop(request, context, url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitShop(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-shop.title');

/** The shop (product §2, ADR 019): points and the monthly plan. */
export default function MyShopPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ShopScreen data={loaderData} result={actionData} />;
}
