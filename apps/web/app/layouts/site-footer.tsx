import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

export const FOOTER_LINKS = [
  { to: '/article/help', key: 'footer.help' },
  { to: '/article/terms-of-service', key: 'footer.terms_of_service' },
  { to: '/article/privacy-policy', key: 'footer.privacy_policy' },
  { to: '/article/abj', key: 'footer.abj' },
  { to: '/article/cal-bus-and-prof-code', key: 'footer.cal_bus_and_prof_code' },
] as const;

/** Help, terms, ABJ, the California disclosures and the language switcher. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-zinc-200 bg-zinc-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-8 lg:flex-row lg:items-start lg:justify-between">
          <div className="max-w-xs">
            <Link to="/" className="inline-flex items-center gap-2 rounded-md">
              <BrandMark className="size-7" />
              <span className="text-lg font-black tracking-tight text-ink">{SERVICE_NAME}</span>
            </Link>
            <p className="mt-2 text-sm text-zinc-500">{t('brand.tagline')}</p>
          </div>
          <nav aria-label={t('footer.links')}>
            <ul className="grid grid-cols-1 gap-x-10 gap-y-2.5 text-sm sm:grid-cols-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-zinc-600 transition hover:text-brand-600 hover:underline">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="mt-10 flex flex-col gap-4 border-t border-zinc-200 pt-6 text-xs text-zinc-500 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <p>{t('footer.rights')}</p>
            <p>{t('footer.copyright', { year: new Date().getFullYear(), name: SERVICE_NAME })}</p>
          </div>
          <LanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}
