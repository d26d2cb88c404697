import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SkipLink } from './skip-link.tsx';

/** The oops layout (product §2): a calm page around one card, for the gate, denied age and maintenance. */
export default function OopsLayout() {
  const { t } = useTranslation();
  return (
    <div className="relative isolate flex min-h-dvh flex-1 flex-col bg-zinc-50">
      <SkipLink />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-linear-to-b from-brand-100/70 via-brand-50/40 to-transparent"
      />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-5 py-5 sm:px-8">
        <span className="flex items-center gap-2">
          <BrandMark className="size-8" />
          <span className="text-xl font-black tracking-tight text-ink">{SERVICE_NAME}</span>
        </span>
        <LanguageSwitcher />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 outline-none items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0"
      >
        <Outlet />
      </main>
      <footer className="px-5 pb-8 text-center text-xs text-zinc-500">
        <nav aria-label={t('footer.links')}>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            <li>
              <Link to="/article/help" className="hover:text-ink hover:underline">
                {t('footer.help')}
              </Link>
            </li>
            <li>
              <Link to="/article/terms-of-service" className="hover:text-ink hover:underline">
                {t('footer.terms_of_service')}
              </Link>
            </li>
            <li>
              <Link to="/article/privacy-policy" className="hover:text-ink hover:underline">
                {t('footer.privacy_policy')}
              </Link>
            </li>
          </ul>
        </nav>
      </footer>
    </div>
  );
}
