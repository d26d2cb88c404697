import { redirect } from 'react-router';
import { presavePassword, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor, guardSession } from '#app/features/account/account-api.server.ts';
import { PASSWORD_CHANGE_SENT_PATH } from '#app/features/account/account-paths.ts';
import { PasswordChangeScreen } from '#app/features/account/password-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/account-password-presave';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-presave');

export function loader({ context }: Route.LoaderArgs) {
  return { isLoggedIn: visitorOf(context).visitor.isLoggedIn };
}

/** Password change's first step: POST /web/account/password/presave mails a confirmation link. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const result = guardSession(await presavePassword(form, accountApiFor(request, context)), context, url);
  if (result.status === 'done') throw redirect(PASSWORD_CHANGE_SENT_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-presave.title');

export default function AccountPasswordPresavePage({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordChangeScreen isLoggedIn={loaderData.isLoggedIn} result={actionData} />;
}
