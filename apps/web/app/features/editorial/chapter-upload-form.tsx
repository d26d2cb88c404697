import { editorialOperations } from '@manga/api-client';
import {
  CHAPTER_UPLOAD_MEDIA_TYPES,
  type EditorTitle,
  type EditorUpload,
  TITLE_NAME_MAX_LENGTH,
} from '@manga/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ProgressBar } from '#app/components/ui/progress-bar.tsx';
import { useRootData } from '#app/root-data.ts';
import { CHAPTER_ACCEPT, percentOf } from './editorial.ts';
import { inputClass } from './editorial-frame.tsx';
import { Field } from './field.tsx';

// A new chapter from the console (ADR 061): a .cbz or a folder of images (zipped here, so the API has
// one path), with the upload's progress, then the processing's (pages decoded and stored by the
// import pipeline).

type UploadPhase =
  | { phase: 'idle' }
  | { phase: 'zipping' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing'; upload: EditorUpload }
  | { phase: 'done'; upload: EditorUpload }
  | { phase: 'failed'; message: string };

const POLL_MS = 500;

const fileInputClass =
  'mt-1 block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border-0 file:bg-white file:px-4 file:py-2 file:text-sm file:font-bold file:text-ink file:ring-1 file:ring-zinc-300';

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

export function UploadForm({ title }: { title: EditorTitle }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { revalidate } = useRevalidator();
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
        {(
          [
            ['en', nameEn, setNameEn],
            ['ja', nameJa, setNameJa],
          ] as const
        ).map(([language, value, setValue]) => (
          <Field key={language} label={t(`editorial.chapters.name_${language}`)}>
            {(control) => (
              <input
                {...control}
                className={`${inputClass} mt-1`}
                maxLength={TITLE_NAME_MAX_LENGTH}
                value={value}
                disabled={busy}
                onChange={(event) => setValue(event.target.value)}
                data-testid={`chapter-name-${language}`}
              />
            )}
          </Field>
        ))}
        <Field label={t('editorial.chapters.file')}>
          {(control) => (
            <input
              {...control}
              ref={fileRef}
              type="file"
              accept={CHAPTER_ACCEPT}
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                setState({ phase: 'idle' });
                setSource(file ? { kind: 'file', file } : undefined);
                if (folderRef.current) folderRef.current.value = '';
              }}
              className={fileInputClass}
              data-testid="chapter-file"
            />
          )}
        </Field>
        <Field label={t('editorial.chapters.folder')}>
          {(control) => (
            <input
              {...control}
              ref={folderRef}
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
              className={fileInputClass}
              data-testid="chapter-folder"
            />
          )}
        </Field>
      </div>
      {pickedLabel ? <p className="mt-2 truncate text-xs text-zinc-600">{pickedLabel}</p> : null}
      <div className="mt-3 grid gap-2">
        {state.phase === 'zipping' ? (
          <ProgressBar testId="chapter-zip-progress" label={t('editorial.chapters.zipping')} percent={0} detail="" />
        ) : null}
        {state.phase === 'uploading' ? (
          <ProgressBar
            testId="chapter-upload-progress"
            label={t('editorial.chapters.uploading')}
            percent={state.percent}
            detail={`${state.percent}%`}
          />
        ) : null}
        {state.phase === 'processing' ? (
          <ProgressBar
            testId="chapter-processing-progress"
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
