import type { EditorEpisode, EditorTitle } from '@manga/contracts';
import { useTranslation } from 'react-i18next';
import { BulkSchedule } from './chapter-bulk-schedule.tsx';
import { ChapterRow } from './chapter-row.tsx';
import { UploadForm } from './chapter-upload-form.tsx';

// A title's chapters in the console (issue 26, ADR 061): the upload of a new one, the bulk schedule of
// the unscheduled ones, and each chapter's row.

export function ChaptersPanel({
  title,
  episodes,
  wireTimeZone,
}: {
  title: EditorTitle;
  episodes: EditorEpisode[];
  wireTimeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="editorial-chapters-heading"
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="editorial-chapters"
    >
      <h2 id="editorial-chapters-heading" className="text-base font-extrabold text-ink">
        {t('editorial.chapters.heading')}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-zinc-600">{t('editorial.chapters.lead')}</p>
      <div className="mt-4">
        <UploadForm title={title} />
      </div>
      <BulkSchedule
        unscheduled={episodes.filter((episode) => episode.start_time === '').length}
        wireTimeZone={wireTimeZone}
      />
      {episodes.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-600">{t('editorial.chapters.empty')}</p>
      ) : (
        <ol className="mt-2 divide-y divide-zinc-100">
          {episodes.map((episode) => (
            <ChapterRow key={episode.episode_id} episode={episode} wireTimeZone={wireTimeZone} />
          ))}
        </ol>
      )}
    </section>
  );
}
