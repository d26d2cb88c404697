import { responseCodeOf } from '@manga/api-client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmToken, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor, clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { primaryLinkClass } from '#app/features/account/account-form.tsx';
import { loginPathFor, PASSWORD_RESET_REQUEST_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { visitorOf } from '#app/visitor/visitor-context.server.ts';
import type { Route } from './+types/account-password-reset';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-reset');

/** The password reset link's page: its token, used only on the click. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

/**
 * Password reset's second step: GET /web/account/password/reset. It ends every session of the
 * account; when that included this browser's, the browser is logged out here too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = accountApiFor(request, context);
  const result = await confirmToken('password-reset', form, api);
  const state = visitorOf(context);
  if (result.status === 'done' && state.visitor.isLoggedIn) {
    try {
      await api.getAccount();
    } catch (error) {
      if (isSessionGone(responseCodeOf(error))) clearSessionCookie(state);
    }
  }
  return resultResponse(result);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-reset.title');

export default function AccountPasswordResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TokenConfirmScreen
      page="account-password-reset"
      token={loaderData.token}
      result={actionData}
      submitLabel={t('account.confirm.password_reset.submit')}
      done={{
        title: t('account.confirm.password_reset.done_title'),
        body: t('account.confirm.password_reset.done_body'),
        action: (
          <Link to={loginPathFor(undefined)} className={primaryLinkClass}>
            {t('dialog.login.submit')}
          </Link>
        ),
      }}
      restart={{ to: PASSWORD_RESET_REQUEST_PATH, label: t('account.token_missing.restart_reset') }}
    />
  );
}
