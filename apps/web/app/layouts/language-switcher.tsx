import type { Locale } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SUPPORTED_LOCALES } from '#app/i18n/i18n.ts';

/** Switches the UI language: `?lang=` makes the server remember the choice in the locale cookie. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = i18n.language as Locale;

  function hrefFor(locale: Locale): string {
    const params = new URLSearchParams(location.search);
    params.set('lang', locale);
    return `${location.pathname}?${params.toString()}`;
  }

  return (
    <nav aria-label={t('language.label')} className="flex items-center gap-2">
      <svg
        viewBox="0 0 24 24"
        className={`size-4 ${tone === 'dark' ? 'text-zinc-400' : 'text-zinc-500'}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
      <ul className="flex rounded-full bg-zinc-200/70 p-0.5 text-xs font-semibold">
        {SUPPORTED_LOCALES.map((locale) => (
          <li key={locale}>
            <Link
              to={hrefFor(locale)}
              reloadDocument
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? 'true' : undefined}
              className={`block rounded-full px-3 py-1 transition ${
                locale === current ? 'bg-white text-ink shadow-sm' : 'text-zinc-600 hover:text-ink'
              }`}
            >
              {t(`language.${locale}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
