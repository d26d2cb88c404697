import { useTranslation } from 'react-i18next';
import { PASSWORD_CHANGE_PATH, SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { SentScreen } from '#app/features/account/account-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-presave-send';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-presave-send');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-password-presave-send.title');

/** "Check your inbox" after the first step (product §4 two-step flows). */
export default function AccountPasswordPresaveSendPage() {
  const { t } = useTranslation();
  return (
    <SentScreen
      page="account-password-presave-send"
      back={{ to: SETTINGS_PATH, label: t('account.sent.back_to_settings') }}
      again={{ to: PASSWORD_CHANGE_PATH, label: t('account.sent.again_password') }}
    />
  );
}
