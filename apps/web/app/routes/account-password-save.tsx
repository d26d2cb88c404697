import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmToken, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { primaryLinkClass } from '#app/features/account/account-form.tsx';
import { PASSWORD_CHANGE_PATH, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-save';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-save');

/** The password change link's page: its token, used only on the click. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
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
      token={loaderData.token}
      result={actionData}
      submitLabel={t('account.confirm.password_save.submit')}
      done={{
        title: t('account.confirm.password_save.done_title'),
        body: t('account.confirm.password_save.done_body'),
        action: (
          <Link to={SETTINGS_PATH} className={primaryLinkClass}>
            {t('account.sent.back_to_settings')}
          </Link>
        ),
      }}
      restart={{ to: PASSWORD_CHANGE_PATH, label: t('account.token_missing.restart_password') }}
    />
  );
}
