import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useParams } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { useLoginState } from '#app/client/login-state.tsx';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { AccountDialog, withDialog } from '#app/features/account/account-dialog.tsx';
import { AccountMenu } from '#app/features/account/account-menu.tsx';
import { NewChapterBell } from '#app/features/alerts/new-chapter-bell.tsx';
import { SuggestingSearchInput } from '#app/features/search/title-suggestions.tsx';
import { CatalogueNav } from './catalogue-nav.tsx';
import { useCollapseOnScroll } from './collapse-on-scroll.ts';

function SearchBox({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const current = location.pathname.startsWith('/search/') && params.query ? params.query : '';
  return (
    <Form method="get" action="/search" role="search" className={className}>
      <label htmlFor={id} className="sr-only">
        {t('header.search_label')}
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-zinc-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <SuggestingSearchInput
          id={id}
          size="header"
          defaultValue={current}
          placeholder={t('header.search_placeholder')}
          className="h-10 w-full rounded-full border-0 bg-zinc-100 pr-4 pl-10 text-sm text-ink ring-1 ring-transparent transition outline-none placeholder:text-zinc-500 hover:bg-zinc-200/70 focus:bg-white focus:ring-brand-500"
        />
      </div>
      {/* Visible when focused: no invisible stop in the tab order. */}
      <button
        type="submit"
        className="sr-only focus-visible:not-sr-only focus-visible:mt-2 focus-visible:inline-flex focus-visible:h-9 focus-visible:items-center focus-visible:rounded-full focus-visible:bg-ink focus-visible:px-4 focus-visible:text-sm focus-visible:font-bold focus-visible:text-white"
      >
        {t('header.search_submit')}
      </button>
    </Form>
  );
}

/** Logo, search box (from md up), login and sign-up entry (or my page when logged in). */
export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn } = useLoginState();
  const [collapsed, setCollapsed] = useCollapseOnScroll();
  return (
    <>
      {/* The header keeps its height (no layout shift); on phones its second part (the catalogue's
          tabs) slides up under the first while scrolling down, and the page shows through the space it leaves. */}
      <header className="pointer-events-none sticky top-0 z-30">
        <div className="pointer-events-auto relative z-10 border-b border-zinc-200/80 bg-white">
          <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:h-16 sm:gap-6 sm:px-6 lg:px-8">
            <Link
              to="/"
              className="flex shrink-0 items-center gap-2 rounded-md"
              aria-label={t('header.top_page', { name: SERVICE_NAME })}
            >
              <BrandMark className="size-8 sm:size-9" />
              <span className="text-xl font-black tracking-tight text-ink sm:text-2xl">{SERVICE_NAME}</span>
            </Link>
            <SearchBox id="site-search" className="hidden max-w-md flex-1 md:block" />
            <nav aria-label={t('header.account')} className="ml-auto flex items-center gap-1.5 sm:gap-2">
              {isLoggedIn ? (
                <>
                  <NewChapterBell />
                  <AccountMenu />
                </>
              ) : (
                <>
                  <Link
                    to={withDialog(location.pathname, location.search, 'login')}
                    preventScrollReset
                    data-testid="header-login"
                    className="inline-flex h-9 items-center rounded-full px-3 text-sm font-bold text-ink transition hover:bg-zinc-100 sm:px-4"
                  >
                    {t('header.login')}
                  </Link>
                  <Link
                    to={withDialog(location.pathname, location.search, 'signup')}
                    preventScrollReset
                    className="inline-flex h-9 items-center rounded-full bg-brand-500 px-3.5 text-sm font-bold text-white shadow-sm shadow-brand-500/30 transition hover:bg-brand-600 sm:px-4"
                  >
                    {t('header.signup')}
                  </Link>
                </>
              )}
            </nav>
          </div>
        </div>
        <div
          data-testid="header-fold"
          data-collapsed={collapsed ? 'true' : 'false'}
          onFocusCapture={() => setCollapsed(false)}
          className={`pointer-events-auto border-b border-zinc-200/80 bg-white/95 backdrop-blur transition-transform duration-200 ease-out supports-[backdrop-filter]:bg-white/85 ${collapsed ? 'max-md:pointer-events-none max-md:-translate-y-full' : ''}`}
        >
          {/* No search box here on a phone: the tab bar's Search opens the search page (ADR 060). */}
          <CatalogueNav />
        </div>
      </header>
      {/* Outside the header: its backdrop filter would confine a fixed overlay to the header's box. */}
      <AccountDialog />
    </>
  );
}
