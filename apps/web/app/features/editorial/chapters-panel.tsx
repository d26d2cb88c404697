import { editorialOperations } from '@manga/api-client';
import {
  BULK_SCHEDULE_MAX,
  CHAPTER_UPLOAD_MEDIA_TYPES,
  type EditorEpisode,
  type EditorTitle,
  type EditorUpload,
  EPISODE_POINT_MAX,
  parseWireDateTime,
  responseCodeMessageKey,
  TITLE_NAME_MAX_LENGTH,
} from '@manga/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { formatDateTime, useDateFormat } from '#app/i18n/date-format.ts';
import { useRootData } from '#app/root-data.ts';
import { CHAPTER_ACCEPT, type EditorialActionResult, inputToWire, percentOf, wireToInput } from './editorial.ts';
import { inputClass, labelClass, WeekdayOptions } from './editorial-frame.tsx';

// A title's chapters in the console (issue 26, ADR 061): upload a .cbz or a folder of images (zipped
// here, so the API has one path) with the upload's progress, then the processing's (pages decoded and
// stored by the import pipeline); each chapter's price, release time (wire time zone, with the
// editor's own time beside it), free window, ticket rental and single sale.

type UploadPhase =
  | { phase: 'idle' }
  | { phase: 'zipping' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing'; upload: EditorUpload }
  | { phase: 'done'; upload: EditorUpload }
  | { phase: 'failed'; message: string };

const POLL_MS = 500;

function Progress({ id, label, percent, detail }: { id: string; label: string; percent: number; detail: string }) {
  return (
    <div data-testid={id}>
      <div className="flex justify-between gap-3 text-xs font-bold text-zinc-700">
        <span id={`${id}-label`}>{label}</span>
        <span>{detail}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** The pages of a picked folder as one uncompressed zip (JPEG/PNG do not shrink), in name order. */
async function zipFolder(files: File[]): Promise<Blob> {
  const { zip } = await import('fflate');
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const file of files) {
    const name = (file.webkitRelativePath || file.name).split('/').slice(1).join('/') || file.name;
    entries[name] = [new Uint8Array(await file.arrayBuffer()), { level: 0 }];
  }
  return new Promise((resolve, reject) =>
    zip(entries, (error, bytes) =>
      error ? reject(error) : resolve(new Blob([bytes as BlobPart], { type: CHAPTER_UPLOAD_MEDIA_TYPES[0] })),
    ),
  );
}

function UploadForm({ title }: { title: EditorTitle }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { revalidate } = useRevalidator();
  const id = useId();
  const [source, setSource] = useState<{ kind: 'file'; file: File } | { kind: 'folder'; files: File[] }>();
  const [nameEn, setNameEn] = useState('');
  const [nameJa, setNameJa] = useState('');
  const [state, setState] = useState<UploadPhase>({ phase: 'idle' });
  const fileRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const busy = state.phase === 'zipping' || state.phase === 'uploading' || state.phase === 'processing';

  const poll = (uploadId: string) => {
    if (!root) return;
    editorialOperations(browserApi(root))
      .getEditorEpisodeUpload({ upload_id: uploadId })
      .then(({ upload }) => {
        if (upload.state === 'processing') {
          setState({ phase: 'processing', upload });
          timer.current = setTimeout(() => poll(uploadId), POLL_MS);
        } else if (upload.state === 'done') {
          setState({ phase: 'done', upload });
          setSource(undefined);
          setNameEn('');
          setNameJa('');
          for (const input of [fileRef.current, folderRef.current]) if (input) input.value = '';
          revalidate();
        } else {
          setState({ phase: 'failed', message: upload.error_message || t('editorial.chapters.upload_failed') });
        }
      })
      .catch(() => setState({ phase: 'failed', message: t('editorial.chapters.upload_failed') }));
  };

  const send = async () => {
    if (!source || !root) return;
    let body: Blob;
    if (source.kind === 'folder') {
      setState({ phase: 'zipping' });
      try {
        body = await zipFolder(source.files);
      } catch {
        return setState({ phase: 'failed', message: t('editorial.chapters.upload_failed') });
      }
    } else {
      body = source.file;
    }
    const target = editorialOperations(browserApi(root)).episodeUploadTarget({
      title_id: String(title.title_id),
      name_en: nameEn,
      name_ja: nameJa,
    });
    // XMLHttpRequest, not fetch: only it reports the upload's progress.
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', CHAPTER_UPLOAD_MEDIA_TYPES[0]);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setState({ phase: 'uploading', percent: percentOf(event.loaded, event.total) });
    };
    request.onload = () => {
      let answer: { upload?: EditorUpload; error_message?: string } = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {}
      if (request.status === 200 && answer.upload) {
        setState({ phase: 'processing', upload: answer.upload });
        poll(answer.upload.upload_id);
        return;
      }
      setState({
        phase: 'failed',
        message:
          request.status === 413
            ? t('editorial.chapters.too_large', { detail: answer.error_message ?? '' })
            : answer.error_message || t('editorial.chapters.upload_failed'),
      });
    };
    request.onerror = () => setState({ phase: 'failed', message: t('editorial.chapters.upload_failed') });
    setState({ phase: 'uploading', percent: 0 });
    request.send(body);
  };

  const pickedLabel =
    source?.kind === 'file'
      ? source.file.name
      : source?.kind === 'folder'
        ? t('editorial.chapters.folder_picked', { count: source.files.length })
        : '';

  return (
    <div className="rounded-xl bg-zinc-50 p-4 ring-1 ring-zinc-200" data-testid="chapter-upload">
      <h3 className="text-sm font-extrabold text-ink">{t('editorial.chapters.upload_heading')}</h3>
      <p className="mt-1 text-xs leading-relaxed text-zinc-600">{t('editorial.chapters.upload_lead')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name-en`} className={labelClass}>
            {t('editorial.chapters.name_en')}
          </label>
          <input
            id={`${id}-name-en`}
            className={`${inputClass} mt-1`}
            maxLength={TITLE_NAME_MAX_LENGTH}
            value={nameEn}
            disabled={busy}
            onChange={(event) => setNameEn(event.target.value)}
            data-testid="chapter-name-en"
          />
        </div>
        <div>
          <label htmlFor={`${id}-name-ja`} className={labelClass}>
            {t('editorial.chapters.name_ja')}
          </label>
          <input
            id={`${id}-name-ja`}
            className={`${inputClass} mt-1`}
            maxLength={TITLE_NAME_MAX_LENGTH}
            value={nameJa}
            disabled={busy}
            onChange={(event) => setNameJa(event.target.value)}
            data-testid="chapter-name-ja"
          />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className={labelClass}>
            {t('editorial.chapters.file')}
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept={CHAPTER_ACCEPT}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setState({ phase: 'idle' });
              setSource(file ? { kind: 'file', file } : undefined);
              if (folderRef.current) folderRef.current.value = '';
            }}
            className="mt-1 block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border-0 file:bg-white file:px-4 file:py-2 file:text-sm file:font-bold file:text-ink file:ring-1 file:ring-zinc-300"
            data-testid="chapter-file"
          />
        </div>
        <div>
          <label htmlFor={`${id}-folder`} className={labelClass}>
            {t('editorial.chapters.folder')}
          </label>
          <input
            ref={folderRef}
            id={`${id}-folder`}
            type="file"
            multiple
            disabled={busy}
            {...{ webkitdirectory: '' }}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              setState({ phase: 'idle' });
              setSource(files.length ? { kind: 'folder', files } : undefined);
              if (fileRef.current) fileRef.current.value = '';
            }}
            className="mt-1 block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border-0 file:bg-white file:px-4 file:py-2 file:text-sm file:font-bold file:text-ink file:ring-1 file:ring-zinc-300"
            data-testid="chapter-folder"
          />
        </div>
      </div>
      {pickedLabel ? <p className="mt-2 truncate text-xs text-zinc-600">{pickedLabel}</p> : null}
      <div className="mt-3 grid gap-2">
        {state.phase === 'zipping' ? (
          <Progress id="chapter-zip-progress" label={t('editorial.chapters.zipping')} percent={0} detail="" />
        ) : null}
        {state.phase === 'uploading' ? (
          <Progress
            id="chapter-upload-progress"
            label={t('editorial.chapters.uploading')}
            percent={state.percent}
            detail={`${state.percent}%`}
          />
        ) : null}
        {state.phase === 'processing' ? (
          <Progress
            id="chapter-processing-progress"
            label={t(`editorial.chapters.stage_${state.upload.stage}`)}
            percent={percentOf(state.upload.done, state.upload.total)}
            detail={t('editorial.chapters.pages_done', { done: state.upload.done, total: state.upload.total })}
          />
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="primary"
          size="md"
          disabled={!source || busy}
          busy={busy}
          onClick={send}
          data-testid="chapter-upload-submit"
        >
          {t('editorial.chapters.upload')}
        </Button>
        {state.phase === 'done' ? (
          <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="chapter-upload-done">
            {t('editorial.chapters.upload_done', { count: state.upload.total })}
          </p>
        ) : null}
        {state.phase === 'failed' ? (
          <p role="alert" className="text-sm font-semibold text-red-700" data-testid="chapter-upload-failed">
            {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A wire time shown in the wire zone, with the editor's own time beside it when the zones differ. */
function TimeInZones({ wire, wireTimeZone }: { wire: string; wireTimeZone: string }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const at = wire ? parseWireDateTime(wire, wireTimeZone) : undefined;
  if (!at) return null;
  return (
    <span className="block text-xs text-zinc-500">
      {formatDateTime(at, dates.locale, wireTimeZone)} ({wireTimeZone})
      {dates.timeZone && dates.timeZone !== wireTimeZone ? (
        <>
          {' · '}
          {t('editorial.publish.your_time', { time: dates.dateTime(at.toISOString()), zone: dates.timeZone })}
        </>
      ) : null}
    </span>
  );
}

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

function ChapterRow({ episode, wireTimeZone }: { episode: EditorEpisode; wireTimeZone: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<EditorialActionResult>();
  const id = useId();
  const [start, setStart] = useState(wireToInput(episode.start_time));
  const [freeUntil, setFreeUntil] = useState(wireToInput(episode.free_until_time));
  useEffect(() => setStart(wireToInput(episode.start_time)), [episode.start_time]);
  useEffect(() => setFreeUntil(wireToInput(episode.free_until_time)), [episode.free_until_time]);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const name = i18n.language === 'ja' ? episode.name_ja || episode.name_en : episode.name_en || episode.name_ja;
  return (
    <li className="py-3" data-testid="chapter-row" data-episode-id={episode.episode_id}>
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <span className="w-8 text-xs font-bold text-zinc-500">#{episode.index}</span>
          <span className="min-w-0 flex-1 truncate text-sm font-bold text-ink">{name}</span>
          <ChapterStatus episode={episode} />
          <span className="text-xs text-zinc-600">
            {t('editorial.chapters.summary', { pages: episode.page_count, points: episode.point })}
          </span>
          <span className="text-xs font-bold text-brand-700 group-open:hidden">{t('editorial.chapters.edit')}</span>
        </summary>
        <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="chapter-access-form">
          <input type="hidden" name="intent" value="episode" />
          <input type="hidden" name="episode_id" value={episode.episode_id} />
          <div>
            <label htmlFor={`${id}-point`} className={labelClass}>
              {t('editorial.chapters.point')}
            </label>
            <input
              id={`${id}-point`}
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
          </div>
          <div>
            <label htmlFor={`${id}-start`} className={labelClass}>
              {t('editorial.chapters.start_time', { zone: wireTimeZone })}
            </label>
            <input
              id={`${id}-start`}
              name="start_time"
              type="datetime-local"
              step={1}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              className={`${inputClass} mt-1`}
              aria-describedby={`${id}-start-help`}
              data-testid="chapter-start"
            />
            <span id={`${id}-start-help`}>
              {start ? (
                <TimeInZones wire={inputToWire(start)} wireTimeZone={wireTimeZone} />
              ) : (
                <span className="block text-xs text-zinc-500">{t('editorial.chapters.unscheduled_help')}</span>
              )}
            </span>
          </div>
          <div>
            <label htmlFor={`${id}-free`} className={labelClass}>
              {t('editorial.chapters.free_until', { zone: wireTimeZone })}
            </label>
            <input
              id={`${id}-free`}
              name="free_until_time"
              type="datetime-local"
              step={1}
              value={freeUntil}
              onChange={(event) => setFreeUntil(event.target.value)}
              className={`${inputClass} mt-1`}
              data-testid="chapter-free-until"
            />
            <TimeInZones wire={inputToWire(freeUntil)} wireTimeZone={wireTimeZone} />
          </div>
          <fieldset className="grid content-start gap-2">
            <legend className={labelClass}>{t('editorial.chapters.access')}</legend>
            <label className="mt-1 flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                name="ticket_rental"
                value="1"
                defaultChecked={episode.ticket_rental}
                className="size-4 accent-brand-600"
                data-testid="chapter-ticket-rental"
              />
              {t('editorial.chapters.ticket_rental')}
            </label>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                name="single_sale"
                value="1"
                defaultChecked={episode.single_sale}
                className="size-4 accent-brand-600"
                data-testid="chapter-single-sale"
              />
              {t('editorial.chapters.single_sale')}
            </label>
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
            {result?.status === 'done' ? (
              <p role="status" className="text-sm font-semibold text-emerald-700" data-testid="chapter-access-done">
                {t('editorial.chapters.saved')}
              </p>
            ) : null}
            {result?.status === 'failed' ? (
              <p role="alert" className="text-sm font-semibold text-red-700" data-testid="chapter-access-failed">
                {result.message || t(responseCodeMessageKey(result.code))}
              </p>
            ) : null}
          </div>
        </fetcher.Form>
      </details>
    </li>
  );
}

/** "Every Monday 10:00 for the next N unscheduled chapters" (Japan time). */
function BulkSchedule({ unscheduled, wireTimeZone }: { unscheduled: number; wireTimeZone: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditorialActionResult>();
  const id = useId();
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
        <div>
          <label htmlFor={`${id}-weekday`} className={labelClass}>
            {t('editorial.chapters.bulk_weekday')}
          </label>
          <select id={`${id}-weekday`} name="weekday" defaultValue="1" className={`${inputClass} mt-1 h-10`}>
            <WeekdayOptions />
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-time`} className={labelClass}>
            {t('editorial.chapters.bulk_time', { zone: wireTimeZone })}
          </label>
          <input
            id={`${id}-time`}
            name="time"
            type="time"
            defaultValue="10:00"
            required
            className={`${inputClass} mt-1 h-10`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-count`} className={labelClass}>
            {t('editorial.chapters.bulk_count')}
          </label>
          <input
            id={`${id}-count`}
            name="count"
            type="number"
            min={1}
            max={Math.min(unscheduled, BULK_SCHEDULE_MAX)}
            defaultValue={unscheduled}
            required
            className={`${inputClass} mt-1 h-10`}
          />
        </div>
        <Button type="submit" variant="secondary" size="md" busy={fetcher.state !== 'idle'}>
          {t('editorial.chapters.bulk_submit')}
        </Button>
      </div>
      {result?.status === 'done' ? (
        <p role="status" className="mt-2 text-sm font-semibold text-emerald-700">
          {t('editorial.chapters.bulk_done')}
        </p>
      ) : null}
      {result?.status === 'failed' ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {result.message || t(responseCodeMessageKey(result.code))}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

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
