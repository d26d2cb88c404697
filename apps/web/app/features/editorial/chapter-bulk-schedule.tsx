import { BULK_SCHEDULE_MAX } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import type { EditorialActionResult } from './editorial.ts';
import { inputClass, WeekdayOptions } from './editorial-frame.tsx';
import { Field, ResultLine } from './field.tsx';

// The bulk schedule of a title's unscheduled chapters (ADR 061).

/** "Every Monday 10:00 for the next N unscheduled chapters" (Japan time). */
export function BulkSchedule({ unscheduled, wireTimeZone }: { unscheduled: number; wireTimeZone: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditorialActionResult>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (unscheduled === 0) return null;
  return (
    <fetcher.Form
      method="post"
      className="mt-4 rounded-xl bg-zinc-50 p-4 ring-1 ring-zinc-200"
      data-testid="chapter-bulk-schedule"
    >
      <input type="hidden" name="intent" value="schedule" />
      <h3 className="text-sm font-extrabold text-ink">{t('editorial.chapters.bulk_heading')}</h3>
      <p className="mt-1 text-xs text-zinc-600">
        {t('editorial.chapters.bulk_lead', { count: unscheduled, zone: wireTimeZone })}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <Field label={t('editorial.chapters.bulk_weekday')}>
          {(control) => (
            <select {...control} name="weekday" defaultValue="1" className={`${inputClass} mt-1 h-10`}>
              <WeekdayOptions />
            </select>
          )}
        </Field>
        <Field label={t('editorial.chapters.bulk_time', { zone: wireTimeZone })}>
          {(control) => (
            <input
              {...control}
              name="time"
              type="time"
              defaultValue="10:00"
              required
              className={`${inputClass} mt-1 h-10`}
            />
          )}
        </Field>
        <Field label={t('editorial.chapters.bulk_count')}>
          {(control) => (
            <input
              {...control}
              name="count"
              type="number"
              min={1}
              max={Math.min(unscheduled, BULK_SCHEDULE_MAX)}
              defaultValue={unscheduled}
              required
              className={`${inputClass} mt-1 h-10`}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" size="md" busy={fetcher.state !== 'idle'}>
          {t('editorial.chapters.bulk_submit')}
        </Button>
      </div>
      <ResultLine result={result} doneText={t('editorial.chapters.bulk_done')} className="mt-2" />
    </fetcher.Form>
  );
}
