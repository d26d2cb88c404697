import { useTranslation } from 'react-i18next';
import { PASSWORD_RESET_REQUEST_PATH } from '#app/features/account/account-paths.ts';
import { SentScreen } from '#app/features/account/account-screens.tsx';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import type { Route } from './+types/account-password-prereset-send';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-password-prereset-send');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'pages.account-password-prereset-send.title');

/** "Check your inbox" after the first step (product §4 two-step flows). */
export default function AccountPasswordPreresetSendPage() {
  const { t } = useTranslation();
  return (
    <SentScreen
      page="account-password-prereset-send"
      back={{ to: '/', label: t('common.back_to_top') }}
      again={{ to: PASSWORD_RESET_REQUEST_PATH, label: t('account.sent.again_reset') }}
    />
  );
}
