import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { TabNav } from '#app/components/ui/tab-nav.tsx';
import { EDITORIAL_PATHS, WEEKDAYS } from './editorial.ts';

// The catalogue console's frame (issue 26, ADR 046): the page title, the way back to the list, the
// editor's badge, and the fields' shared look.

export function EditorialFrame({
  title,
  lead,
  crumbs = [],
  current = 'catalogue',
  children,
}: {
  title: string;
  lead?: string;
  crumbs?: { label: string; to: string }[];
  /** The console tab this screen belongs to. */
  current?: 'catalogue' | 'top';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={title}
      lead={lead}
      crumbs={[{ label: t('editorial.console'), to: EDITORIAL_PATHS.titles }, ...crumbs]}
    >
      {/* Whoever may edit titles (editors, admins, ADR 042) may edit the shop's products too (ADR 063). */}
      <TabNav
        label={t('ops.console')}
        tabs={[
          {
            key: 'catalogue',
            label: t('editorial.console'),
            href: EDITORIAL_PATHS.titles,
            current: current === 'catalogue',
          },
          // Top page curation (ADR 074): the same editors and admins.
          { key: 'top', label: t('top_curation.tab'), href: '/ops/top', current: current === 'top' },
          { key: 'shop', label: t('shop_console.tab'), href: '/ops/shop', current: false },
        ]}
      />
      {children}
    </PageFrame>
  );
}

export const inputClass =
  'w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-ink ring-1 ring-zinc-300 outline-none transition placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-500';

export const labelClass = 'block text-xs font-bold text-zinc-700';

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return published ? (
    <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200">
      {t('editorial.status.published')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-bold text-zinc-700 ring-1 ring-zinc-300">
      {t('editorial.status.unpublished')}
    </span>
  );
}

/** The seven weekdays as a select's options (the title's serialisation day, the bulk schedule's day). */
export function WeekdayOptions() {
  const { t } = useTranslation();
  return WEEKDAYS.map((day) => (
    <option key={day} value={day}>
      {t(`editorial.form.weekdays.${day}`)}
    </option>
  ));
}
