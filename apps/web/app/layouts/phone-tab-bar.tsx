import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLoginState } from '#app/client/login-state.tsx';
import { Icon, type IconName } from '#app/components/ui/icon.tsx';
import { withDialog } from '#app/features/account/account-dialog.tsx';
import { currentPhoneTab, PHONE_TAB_PATHS, PHONE_TABS, type PhoneTab } from './phone-tab-bar.ts';

const ICONS: Readonly<Record<PhoneTab, IconName>> = {
  home: 'home',
  search: 'search',
  library: 'library',
  account: 'person',
};

/** Room the page keeps under its content for the phone's tab bar, border included (none from md up). */
export function PhoneTabBarSpacer() {
  return <div aria-hidden="true" className="h-[calc(3.5rem+1px+env(safe-area-inset-bottom))] bg-zinc-50 md:hidden" />;
}

/**
 * The phone's bottom tab bar (ADR 060): home, search, the reader's library and their account (a
 * visitor logs in there, in place). Fixed over the safe area; hidden from md up, where the header
 * has room for all of it. The viewer has no site layout, so no tab bar.
 */
export function PhoneTabBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn } = useLoginState();
  const current = currentPhoneTab(location.pathname);
  return (
    <nav
      aria-label={t('phone.tab_bar.label')}
      data-testid="phone-tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-white/85 md:hidden"
    >
      <ul className="mx-auto grid h-14 max-w-md grid-cols-4">
        {PHONE_TABS.map((tab) => {
          const active = current === tab;
          const to =
            tab === 'account' && !isLoggedIn
              ? withDialog(location.pathname, location.search, 'login')
              : PHONE_TAB_PATHS[tab];
          return (
            <li key={tab} className="flex">
              <Link
                to={to}
                preventScrollReset={tab === 'account' && !isLoggedIn}
                aria-current={active ? 'page' : undefined}
                data-tab={tab}
                className={`flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-bold transition focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-500 ${
                  active ? 'text-brand-600' : 'text-zinc-500 hover:text-ink'
                }`}
              >
                <Icon name={ICONS[tab]} className="size-6" />
                {t(`phone.tab_bar.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
