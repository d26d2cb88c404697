import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_NAME } from '#app/brand.ts';
import { Breadcrumbs, type Crumb } from './breadcrumbs.tsx';

export type { Crumb };

/** Breadcrumbs, the page heading and its lead, above the page's own content. */
export function PageFrame({
  title,
  lead,
  crumbs = [],
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: readonly Crumb[];
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-14 sm:px-6 sm:pt-7 lg:px-8">
      <Breadcrumbs crumbs={[...crumbs, { label: title }]} />
      <header className="mt-4 mb-7 sm:mt-5 sm:mb-9">
        <h1 className="text-2xl font-black tracking-tight text-ink sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 max-w-2xl text-sm leading-relaxed text-zinc-600 sm:text-base">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

/** The sections a screen will hold, each with its heading and an honest "on its way" note. */
export function PlannedSections({ sections }: { sections: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
      {sections.map((heading) => (
        <section
          key={heading}
          aria-label={heading}
          className="flex min-h-36 flex-col rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-base font-bold text-ink">{heading}</h2>
            <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-bold text-brand-700 ring-1 ring-brand-100">
              {t('common.in_preparation_badge')}
            </span>
          </div>
          <p className="mt-auto pt-6 text-sm leading-relaxed text-zinc-500">{t('common.in_preparation')}</p>
        </section>
      ))}
    </div>
  );
}

/** A screen of a later feature: its frame, heading, lead and section headings, then what is built already (`children`). */
export function PlannedScreen({
  page,
  values = {},
  crumbs,
  children,
}: {
  page: string;
  values?: Record<string, unknown>;
  crumbs?: readonly Crumb[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const all = { name: SERVICE_NAME, ...values };
  const sections = t(`pages.${page}.sections`, { returnObjects: true, defaultValue: [] }) as unknown;
  return (
    <PageFrame title={t(`pages.${page}.title`, all)} lead={t(`pages.${page}.lead`, all)} crumbs={crumbs}>
      {Array.isArray(sections) && sections.length > 0 ? (
        <PlannedSections sections={sections.map(String)} />
      ) : (
        <div className="max-w-xl rounded-2xl border border-dashed border-zinc-300 bg-zinc-50 px-6 py-8 text-sm text-zinc-500">
          {t('common.in_preparation')}
        </div>
      )}
      {children}
    </PageFrame>
  );
}
