import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { confirmToken, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { PASSWORD_CHANGE_PATH, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { loadEmailLink } from '#app/features/account/email-link.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-save';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-save');

/** The password change link's page: its token, checked (not used) as the page opens; used on the click. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadEmailLink(request, context, url, 'password_change');
}

/** Password change's second step: GET /web/account/password/save (every other session ends). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return resultResponse(await confirmToken('password-save', form, accountApiFor(request, context)));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-save.title');

export default function AccountPasswordSavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TokenConfirmScreen
      page="account-password-save"
      link={loaderData}
      result={actionData}
      submitLabel={t('account.confirm.password_save.submit')}
      done={{
        title: t('account.confirm.password_save.done_title'),
        body: t('account.confirm.password_save.done_body'),
        action: (
          <Link to={SETTINGS_PATH} className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}>
            {t('account.sent.back_to_settings')}
          </Link>
        ),
      }}
      restart={{ to: PASSWORD_CHANGE_PATH, label: t('account.token_missing.restart_password') }}
    />
  );
}
