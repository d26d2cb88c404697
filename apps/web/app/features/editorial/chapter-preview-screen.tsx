import { editorialOperations } from '@manga/api-client';
import { type ImageQuality, type PreviewAccess, parseWireDateTime } from '@manga/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';
import { Reader } from '#app/features/viewer/reader.tsx';
import { formatDateTime, useDateFormat } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import type { ChapterPreviewData } from './editorial.ts';

// An editor's preview of a chapter (ADR 073): the real reader with the chapter's real pages, under a
// notice that says whether readers can see it, the way back to the title's console, and what each
// kind of reader would be shown (the API's access rules, never decided here).

function useWireTime(wireTimeZone: string) {
  const dates = useDateFormat();
  return (wire: string) => {
    const at = wire ? parseWireDateTime(wire, wireTimeZone) : undefined;
    return at ? `${formatDateTime(at, dates.locale, wireTimeZone)} (${wireTimeZone})` : '';
  };
}

/** What a guest, a member without points and a ticket holder would be shown now. */
export function AccessPreviewTable({ access, wireTimeZone }: { access: PreviewAccess[]; wireTimeZone: string }) {
  const { t } = useTranslation();
  const time = useWireTime(wireTimeZone);
  const stateText = (row: PreviewAccess) => {
    if (row.state === 'not_released' && !row.until) return t('editorial.preview.states.not_released_unscheduled');
    return t(`editorial.preview.states.${row.state}`, { point: row.point, time: time(row.until) });
  };
  return (
    <table className="w-full text-left text-sm sm:w-auto sm:min-w-[32rem]" data-testid="access-preview">
      <caption className="pb-2 text-left text-xs font-semibold text-zinc-600">
        {t('editorial.preview.access_caption')}
      </caption>
      <thead>
        <tr className="border-b border-zinc-200 text-xs text-zinc-500">
          <th scope="col" className="py-1.5 pr-3 font-semibold sm:pr-10">
            {t('editorial.preview.reader_column')}
          </th>
          <th scope="col" className="py-1.5 font-semibold">
            {t('editorial.preview.sees_column')}
          </th>
        </tr>
      </thead>
      <tbody>
        {access.map((row) => (
          <tr
            key={row.reader}
            className="border-b border-zinc-100 last:border-0"
            data-testid="access-preview-row"
            data-reader={row.reader}
            data-state={row.state}
          >
            <th scope="row" className="py-1.5 pr-3 align-top font-semibold text-ink sm:pr-10">
              {t(`editorial.preview.readers.${row.reader}`)}
            </th>
            <td className="py-1.5 align-top text-zinc-800">{stateText(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PreviewNotice({ data }: { data: ChapterPreviewData }) {
  const { t } = useTranslation();
  const time = useWireTime(data.wireTimeZone);
  const [hidden, setHidden] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);
  const headline = data.released
    ? t('editorial.preview.released')
    : !data.titlePublished
      ? t('editorial.preview.unpublished')
      : data.startTime
        ? t('editorial.preview.not_visible_until', { time: time(data.startTime) })
        : t('editorial.preview.unscheduled');
  const button =
    'inline-flex h-9 shrink-0 items-center rounded-full px-3 text-xs font-bold outline-none ring-1 transition focus-visible:ring-2 focus-visible:ring-brand-500';
  if (hidden) {
    return (
      <button
        type="button"
        className={`${button} m-2 bg-amber-100 text-amber-950 ring-amber-300 hover:bg-amber-50`}
        onClick={() => setHidden(false)}
        data-testid="preview-notice-show"
      >
        {t('editorial.preview.show')}
      </button>
    );
  }
  const tone = data.released ? 'bg-emerald-100 text-emerald-950' : 'bg-amber-100 text-amber-950';
  return (
    <section
      aria-label={t('editorial.preview.heading')}
      className={`${tone} border-b border-black/10 px-3 py-2 shadow-lg sm:px-4`}
      data-testid="preview-notice"
      data-released={data.released ? 'true' : 'false'}
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-2">
        <Link
          to={data.consoleHref}
          className={`${button} gap-1 bg-white/70 ring-black/10 hover:bg-white`}
          data-testid="preview-back"
        >
          <Icon name="back" className="size-4" />
          {t('editorial.preview.back')}
        </Link>
        <p className="min-w-0 flex-1 basis-56 text-sm leading-snug">
          <strong className="font-bold" data-testid="preview-status">
            {headline}
          </strong>{' '}
          <span className="text-xs opacity-80">{t('editorial.preview.recorded_nothing')}</span>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            aria-expanded={accessOpen}
            aria-controls="preview-access"
            className={`${button} bg-white/70 ring-black/10 hover:bg-white`}
            onClick={() => setAccessOpen(!accessOpen)}
            data-testid="preview-access-toggle"
          >
            {accessOpen ? t('editorial.preview.access_hide') : t('editorial.preview.access_show')}
          </button>
          <button
            type="button"
            className={`${button} bg-transparent ring-black/10 hover:bg-white/60`}
            onClick={() => setHidden(true)}
          >
            {t('editorial.preview.hide')}
          </button>
        </div>
      </div>
      <div id="preview-access" hidden={!accessOpen} className="mx-auto mt-2 max-w-5xl">
        <div className="w-full rounded-xl bg-white p-3 text-ink shadow sm:w-fit">
          <AccessPreviewTable access={data.access} wireTimeZone={data.wireTimeZone} />
        </div>
      </div>
    </section>
  );
}

export function ChapterPreviewScreen({ data }: { data: ChapterPreviewData }) {
  const root = useRootData();
  const api = useMemo(() => (root ? editorialOperations(browserApi(root)) : undefined), [root]);
  const apiPrefix = root?.apiPrefix ?? '/api';
  const { episodeId } = data.viewer;
  const preview = useMemo(
    () => ({
      notice: <PreviewNotice data={data} />,
      fetchPages: async (quality: ImageQuality) => {
        if (!api) throw new Error('no API client');
        const fresh = await api.getEditorEpisodePreview({ episode_id: String(episodeId), image_quality: quality });
        return { urls: fresh.page_list.map((url) => imageUrlThrough(apiPrefix, url)), quality: fresh.image_quality };
      },
    }),
    [api, apiPrefix, episodeId, data],
  );
  return <Reader key={episodeId} viewer={data.viewer} preview={preview} />;
}
