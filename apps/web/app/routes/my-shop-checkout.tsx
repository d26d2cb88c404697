import { CheckoutScreen } from '#app/features/shop/checkout-screen.tsx';
import { loadTestCheckout, submitTestCheckout } from '#app/features/shop/shop.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-shop-checkout';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-shop-checkout');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadTestCheckout(request, context, url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitTestCheckout(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'shop.checkout_title');

/** The embedded test provider's checkout page (ADR 019). */
export default function MyShopCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutScreen session={loaderData} result={actionData} />;
}
