import { loadOptOut, submitOptOut } from '#app/features/account/opt-out.server.ts';
import { OptOutScreen } from '#app/features/account/opt-out-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-optout';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-optout');

export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadOptOut(request, context, url);
}

export function action({ request, context, url }: Route.ActionArgs) {
  return submitOptOut(request, context, url);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-optout.title');

/** Opt out of the sale or sharing of personal data (product §2): ads and analytics, each on its own. */
export default function MySettingOptoutPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OptOutScreen stored={loaderData} result={actionData} />;
}
