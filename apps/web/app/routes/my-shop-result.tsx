import { ResultScreen } from '#app/features/shop/result-screen.tsx';
import { loadResult } from '#app/features/shop/shop.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-shop-result';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-shop-result');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadResult(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'shop.result_title');

/** After checkout (product §2): 1 success, 2 canceled. */
export default function MyShopResultPage({ loaderData }: Route.ComponentProps) {
  return <ResultScreen data={loaderData} />;
}
