import { MIN_BIRTH_YEAR } from '@manga/contracts';
import { useTranslation } from 'react-i18next';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

function useYears(): number[] {
  const thisYear = new Date().getFullYear();
  return Array.from({ length: thisYear - MIN_BIRTH_YEAR + 1 }, (_, index) => thisYear - index);
}

const selectClass =
  'h-12 w-full appearance-none rounded-xl border-0 bg-zinc-50 pr-10 pl-4 text-base text-ink ring-1 ring-zinc-300 transition outline-none hover:ring-zinc-400 focus:bg-white focus:ring-2 focus:ring-brand-500';

function SelectChevron() {
  return (
    <svg
      viewBox="0 0 20 20"
      className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-zinc-500"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M5.5 7.5 10 12l4.5-4.5 1 1L10 14 4.5 8.5z" />
    </svg>
  );
}

/**
 * The birth year and month selects (labelled for screen readers), shared by the gate and the inline
 * question of age-rated titles. `idPrefix` keeps ids unique when both are on one page.
 */
export function BirthMonthFields({ idPrefix = 'birth' }: { idPrefix?: string }) {
  const { t, i18n } = useTranslation();
  const years = useYears();
  const monthName = new Intl.DateTimeFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', { month: 'long' });
  return (
    <div className="grid grid-cols-[1.2fr_1fr] gap-3">
      <div className="relative">
        <label htmlFor={`${idPrefix}-year`} className="sr-only">
          {t('law.age.year')}
        </label>
        <select id={`${idPrefix}-year`} name="year" required defaultValue="" className={selectClass}>
          <option value="" disabled>
            {t('law.age.year_placeholder')}
          </option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
      <div className="relative">
        <label htmlFor={`${idPrefix}-month`} className="sr-only">
          {t('law.age.month')}
        </label>
        <select id={`${idPrefix}-month`} name="month" required defaultValue="" className={selectClass}>
          <option value="" disabled>
            {t('law.age.month_placeholder')}
          </option>
          {MONTHS.map((month) => (
            <option key={month} value={String(month).padStart(2, '0')}>
              {monthName.format(new Date(2000, month - 1, 1))}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
    </div>
  );
}
