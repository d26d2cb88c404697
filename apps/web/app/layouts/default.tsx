import { Outlet } from 'react-router';
import { LoginBonusOffer } from '#app/features/my/login-bonus-card.tsx';
import { PhoneTabBar, PhoneTabBarSpacer } from './phone-tab-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { SkipLink } from './skip-link.tsx';

/** The default layout (product §2): site header, the page, site footer; on phones a bottom tab bar. */
export default function DefaultLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <LoginBonusOffer />
        <Outlet />
      </main>
      <SiteFooter />
      <PhoneTabBarSpacer />
      <PhoneTabBar />
    </>
  );
}
