import { redirect } from 'react-router';
import { presaveEmail, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor, guardSession, requireAccount } from '#app/features/account/account-api.server.ts';
import { EMAIL_CHANGE_SENT_PATH } from '#app/features/account/account-paths.ts';
import { EmailChangeScreen } from '#app/features/account/email-change-screen.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/my-setting-email';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('my-setting-email');

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { account } = await requireAccount(request, context, url);
  return { email: account.email };
}

/** E-mail change's first step: POST /web/account/email/presave mails the new address. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const result = guardSession(await presaveEmail(form, accountApiFor(request, context)), context, url);
  if (result.status === 'done') throw redirect(EMAIL_CHANGE_SENT_PATH);
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.my-setting-email.title');

export default function MySettingEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EmailChangeScreen email={loaderData.email} result={actionData} />;
}
