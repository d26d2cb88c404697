import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { loginPathFor, PASSWORD_RESET_REQUEST_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { loadEmailLink } from '#app/features/account/email-link.server.ts';
import { submitPasswordReset } from '#app/features/account/password-reset.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-reset';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-reset');

/** The password reset link's page: its token, checked (not used) as the page opens; used on the click. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadEmailLink(request, context, url, 'password_reset');
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
      link={loaderData}
      result={actionData}
      submitLabel={t('account.confirm.password_reset.submit')}
      done={{
        title: t('account.confirm.password_reset.done_title'),
        body: t('account.confirm.password_reset.done_body'),
        action: (
          <Link
            to={loginPathFor(undefined)}
            className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}
          >
            {t('dialog.login.submit')}
          </Link>
        ),
      }}
      restart={{ to: PASSWORD_RESET_REQUEST_PATH, label: t('account.token_missing.restart_reset') }}
    />
  );
}
