import { type EditorTitle, parseWireDateTime } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { formatDateTime, useDateFormat } from '#app/i18n/date-format.ts';
import type { EditorialActionResult } from './editorial.ts';
import { PublishedBadge } from './editorial-frame.tsx';
import { Feedback } from './field.tsx';

// A title's publication in the console (issue 26, ADR 046): since when readers see it, and the switch.

export function PublishPanel({ title, wireTimeZone }: { title: EditorTitle; wireTimeZone: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditorialActionResult>();
  const dates = useDateFormat();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const published = parseWireDateTime(title.published_time, wireTimeZone);
  return (
    <section
      aria-labelledby="editorial-publish-heading"
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="editorial-publish"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="editorial-publish-heading" className="text-base font-extrabold text-ink">
          {t('editorial.publish.heading')}
        </h2>
        <PublishedBadge published={title.published} />
      </div>
      <p className="mt-2 text-sm leading-relaxed text-zinc-600">
        {published ? (
          <>
            {t('editorial.publish.since', {
              time: formatDateTime(published, dates.locale, wireTimeZone),
              zone: wireTimeZone,
            })}
            {dates.timeZone && dates.timeZone !== wireTimeZone ? (
              <span className="block text-xs text-zinc-500">
                {t('editorial.publish.your_time', {
                  time: dates.dateTime(published.toISOString()),
                  zone: dates.timeZone,
                })}
              </span>
            ) : null}
          </>
        ) : (
          t('editorial.publish.hidden')
        )}
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={title.published ? 'unpublish' : 'publish'} />
        <Button
          type="submit"
          variant={title.published ? 'danger-secondary' : 'primary'}
          size="md"
          busy={fetcher.state !== 'idle'}
          data-testid="editorial-publish-toggle"
        >
          {title.published ? t('editorial.publish.unpublish') : t('editorial.publish.publish')}
        </Button>
        <Feedback
          result={result}
          doneKey={title.published ? 'editorial.publish.done_published' : 'editorial.publish.done_unpublished'}
        />
      </fetcher.Form>
    </section>
  );
}
