import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { AccountScreen, primaryLinkClass, secondaryButtonClass } from '#app/features/account/account-form.tsx';
import { SETTINGS_PATH } from '#app/features/account/account-paths.ts';
import { routeMiddleware } from '#app/guards/route-middleware.server.ts';
import { pageMeta } from '#app/i18n/meta.ts';
import { useRootData } from '#app/root-data.ts';
import type { Route } from './+types/account-save-welcome';

export const middleware: Route.MiddlewareFunction[] = routeMiddleware('account-save-welcome');

// Every route has a loader, so that client navigations reach the server and its middleware.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pages.account-save-welcome.title');

export default function AccountSaveWelcomePage() {
  const { t } = useTranslation();
  const root = useRootData();
  const { setLoggedIn } = useLoginState();
  const loggedIn = root?.isLoggedIn ?? false;

  // SPEC §4: completing sign-up sets the login state.
  useEffect(() => {
    if (loggedIn) setLoggedIn(true);
  }, [loggedIn, setLoggedIn]);

  return (
    <AccountScreen
      tone="success"
      title={t('pages.account-save-welcome.title', { name: SERVICE_NAME })}
      lead={<p role="status">{t('pages.account-save-welcome.lead')}</p>}
    >
      <div className="flex flex-col gap-2.5">
        <Link to="/" className={primaryLinkClass}>
          {t('account.welcome.start_reading')}
        </Link>
        <Link to={SETTINGS_PATH} className={secondaryButtonClass}>
          {t('account.welcome.settings')}
        </Link>
      </div>
    </AccountScreen>
  );
}
