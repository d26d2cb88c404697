import { useTranslation } from 'react-i18next';

/** The first stop of the tab order: straight to the page's content, past the header (WCAG 2.4.1). */
export function SkipLink({ target = 'main' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-full focus:bg-ink focus:px-5 focus:py-2.5 focus:text-sm focus:font-bold focus:text-white focus:shadow-lg"
    >
      {t('common.skip_to_content')}
    </a>
  );
}
