import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '#app/components/ui/button.tsx';
import { confirmToken, resultResponse } from '#app/features/account/account-actions.server.ts';
import { accountApiFor } from '#app/features/account/account-api.server.ts';
import { EMAIL_CHANGE_PATH, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { TokenConfirmScreen } from '#app/features/account/account-screens.tsx';
import { loadEmailLink } from '#app/features/account/email-link.server.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-email-save';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-email-save');

/** The e-mail change link's page: its token, checked (not used) as the page opens; used on the click. */
export function loader({ request, context, url }: Route.LoaderArgs) {
  return loadEmailLink(request, context, url, 'email_change');
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
      link={loaderData}
      result={actionData}
      submitLabel={t('account.confirm.email_save.submit')}
      done={{
        title: t('account.confirm.email_save.done_title'),
        body: t('account.confirm.email_save.done_body'),
        action: (
          <Link to={SETTINGS_PATH} className={buttonClassName({ variant: 'neutral', size: 'xl', block: true })}>
            {t('account.sent.back_to_settings')}
          </Link>
        ),
      }}
      restart={{ to: EMAIL_CHANGE_PATH, label: t('account.token_missing.restart_email') }}
    />
  );
}
