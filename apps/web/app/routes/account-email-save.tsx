import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmToken, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { primaryLinkClass } from '#app/features/account/account-form.tsx';
import { EMAIL_CHANGE_PATH, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-email-save';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-email-save');

/** The e-mail change link's page: its token, used only on the click. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' };
}

/** E-mail change's second step: GET /web/account/email/save. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return resultResponse(await confirmToken('email-save', form, accountApiFor(request, context)));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-email-save.title');

export default function AccountEmailSavePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TokenConfirmScreen
      page="account-email-save"
      token={loaderData.token}
      result={actionData}
      submitLabel={t('account.confirm.email_save.submit')}
      done={{
        title: t('account.confirm.email_save.done_title'),
        body: t('account.confirm.email_save.done_body'),
        action: (
          <Link to={SETTINGS_PATH} className={primaryLinkClass}>
            {t('account.sent.back_to_settings')}
          </Link>
        ),
      }}
      restart={{ to: EMAIL_CHANGE_PATH, label: t('account.token_missing.restart_email') }}
    />
  );
}
