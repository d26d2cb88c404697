import { redirect } from 'react-router';
import { preresetPassword, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { PASSWORD_RESET_SENT_PATH } from '#app/features/account/account-paths.ts';
import { PasswordResetRequestScreen } from '#app/features/account/password-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-prereset';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-prereset');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

/** Password reset's first step: POST /web/account/password/prereset (the same answer for unknown addresses). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await preresetPassword(form, accountApiFor(request, context));
  if (result.status === 'done') throw redirect(PASSWORD_RESET_SENT_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-prereset.title');

export default function AccountPasswordPreresetPage({ actionData }: Route.ComponentProps) {
  return <PasswordResetRequestScreen result={actionData} />;
}
