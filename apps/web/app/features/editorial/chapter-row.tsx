import { type EditorEpisode, EPISODE_POINT_MAX } from '@manga/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { ChapterPagesEditor } from './chapter-pages-editor.tsx';
import { EDITORIAL_PATHS, type EditorialActionResult, wireToInput } from './editorial.ts';
import { inputClass, labelClass } from './editorial-frame.tsx';
import { Field, ResultLine } from './field.tsx';
import { WireTimeField } from './wire-time-field.tsx';

// One chapter of a title in the console (ADR 061): its status, and its price, release time (wire
// time zone, with the editor's own time beside it), free window, ticket rental and single sale.

function ChapterStatus({ episode }: { episode: EditorEpisode }) {
  const { t } = useTranslation();
  const [key, tone] = episode.released
    ? ['released', 'bg-emerald-50 text-emerald-800 ring-emerald-200']
    : episode.start_time
      ? ['scheduled', 'bg-amber-50 text-amber-900 ring-amber-200']
      : ['unscheduled', 'bg-zinc-100 text-zinc-700 ring-zinc-300'];
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${tone}`}>
      {t(`editorial.chapters.status.${key}`)}
    </span>
  );
}

export function ChapterRow({ episode, wireTimeZone }: { episode: EditorEpisode; wireTimeZone: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<EditorialActionResult>();
  const [start, setStart] = useState(wireToInput(episode.start_time));
  const [freeUntil, setFreeUntil] = useState(wireToInput(episode.free_until_time));
  useEffect(() => setStart(wireToInput(episode.start_time)), [episode.start_time]);
  useEffect(() => setFreeUntil(wireToInput(episode.free_until_time)), [episode.free_until_time]);
  const [pagesOpen, setPagesOpen] = useState(false);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const name = i18n.language === 'ja' ? episode.name_ja || episode.name_en : episode.name_en || episode.name_ja;
  return (
    <li className="flex items-start gap-2 py-3" data-testid="chapter-row" data-episode-id={episode.episode_id}>
      <details className="group min-w-0 flex-1">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <span className="w-8 text-xs font-bold text-zinc-500">#{episode.index}</span>
          <span className="min-w-0 flex-1 basis-28 truncate text-sm font-bold text-ink">{name}</span>
          <ChapterStatus episode={episode} />
          <span className="text-xs text-zinc-600">
            {t('editorial.chapters.summary', { pages: episode.page_count, points: episode.point })}
          </span>
          <span className="text-xs font-bold text-brand-700 group-open:hidden">{t('editorial.chapters.edit')}</span>
        </summary>
        <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="chapter-access-form">
          <input type="hidden" name="intent" value="episode" />
          <input type="hidden" name="episode_id" value={episode.episode_id} />
          <Field label={t('editorial.chapters.point')}>
            {(control) => (
              <input
                {...control}
                name="point"
                type="number"
                min={0}
                max={EPISODE_POINT_MAX}
                step={1}
                required
                defaultValue={episode.point}
                className={`${inputClass} mt-1`}
                data-testid="chapter-point"
              />
            )}
          </Field>
          <WireTimeField
            label={t('editorial.chapters.start_time', { zone: wireTimeZone })}
            name="start_time"
            value={start}
            onChange={setStart}
            emptyHint={t('editorial.chapters.unscheduled_help')}
            wireTimeZone={wireTimeZone}
            testId="chapter-start"
          />
          <WireTimeField
            label={t('editorial.chapters.free_until', { zone: wireTimeZone })}
            name="free_until_time"
            value={freeUntil}
            onChange={setFreeUntil}
            wireTimeZone={wireTimeZone}
            testId="chapter-free-until"
          />
          <fieldset className="grid content-start gap-2">
            <legend className={labelClass}>{t('editorial.chapters.access')}</legend>
            {(
              [
                ['ticket_rental', episode.ticket_rental, 'chapter-ticket-rental'],
                ['single_sale', episode.single_sale, 'chapter-single-sale'],
              ] as const
            ).map(([name, checked, testId], index) => (
              <label key={name} className={`${index === 0 ? 'mt-1 ' : ''}flex items-center gap-2 text-sm text-ink`}>
                <input
                  type="checkbox"
                  name={name}
                  value="1"
                  defaultChecked={checked}
                  className="size-4 accent-brand-600"
                  data-testid={testId}
                />
                {t(`editorial.chapters.${name}`)}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button
              type="submit"
              variant="primary"
              size="md"
              busy={fetcher.state !== 'idle'}
              data-testid="chapter-access-save"
            >
              {t('editorial.chapters.save')}
            </Button>
            <ResultLine result={result} doneText={t('editorial.chapters.saved')} testId="chapter-access" />
          </div>
        </fetcher.Form>
        <details
          className="mt-3"
          onToggle={(event) => setPagesOpen((event.currentTarget as HTMLDetailsElement).open)}
          data-testid="chapter-pages-toggle"
        >
          <summary className="cursor-pointer rounded-lg text-sm font-bold text-brand-700 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            {t('editorial.pages.open', { count: episode.page_count })}
          </summary>
          {pagesOpen ? <ChapterPagesEditor episodeId={episode.episode_id} /> : null}
        </details>
      </details>
      {/* The chapter in the real reader, released or not (ADR 073). */}
      <Link
        to={EDITORIAL_PATHS.preview(episode.title_id, episode.episode_id)}
        aria-label={t('editorial.preview.open_label', { index: episode.index })}
        className="inline-flex h-8 shrink-0 items-center gap-1 rounded-full px-3 text-xs font-bold text-brand-700 ring-1 ring-brand-200 outline-none transition hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
        data-testid="chapter-preview"
      >
        {t('editorial.preview.open')}
      </Link>
    </li>
  );
}
