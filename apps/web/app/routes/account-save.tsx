import { redirect } from 'react-router';
import { resultResponse, saveSignup } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { SIGNUP_WELCOME_PATH } from '#app/features/account/account-paths.ts';
import { loadEmailLink } from '#app/features/account/email-link.server.ts';
import { SignupSaveScreen } from '#app/features/account/signup-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-save';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-save');

/** The sign-up link's page: its token, checked (not used) as the page opens; used when the form is sent. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadEmailLink(request, context, url, 'signup');
}

/** Sign-up's second step: POST /web/account/save creates the account and logs it in (uwt forwarded). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await saveSignup(form, accountApiFor(request, context));
  if (result.status === 'done') throw redirect(SIGNUP_WELCOME_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-save.title');

export default function AccountSavePage({ loaderData, actionData }: Route.ComponentProps) {
  return <SignupSaveScreen link={loaderData} result={actionData} />;
}
