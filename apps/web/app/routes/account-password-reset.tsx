import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryLinkClass } from '#app/features/account/account-form.tsx';
import { loginPathFor, PASSWORD_RESET_REQUEST_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { submitPasswordReset } from '#app/features/account/password-reset.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-reset';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-reset');

/** The password reset link's page: its token, used only on the click. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

/** Password reset's second step: the link's click confirms the reset (and logs this browser out if it was in). */
export function action({ request, context }: Route.ActionArgs) {
  return submitPasswordReset(request, context);
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
