import { presaveSignup, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { SignupScreen } from '#app/features/account/signup-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-presave';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-presave');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

/** Sign-up's first step (also the sign-up dialog's form endpoint): POST /web/account/presave. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return resultResponse(await presaveSignup(form, accountApiFor(request, context)));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-presave.title');

export default function AccountPresavePage({ actionData }: Route.ComponentProps) {
  return <SignupScreen result={actionData} />;
}
