import { loadPurchasedPage } from '#app/features/wallet/purchased-page.server.ts';
import { PurchasedScreen } from '#app/features/wallet/purchased-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-purchased';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-purchased');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadPurchasedPage(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-purchased.title');

export default function MyPurchasedPage({ loaderData }: Route.ComponentProps) {
  return <PurchasedScreen page={loaderData} />;
}
