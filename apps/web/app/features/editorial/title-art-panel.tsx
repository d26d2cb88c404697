import { editorialOperations } from '@manga/api-client';
import type { EditorTitle } from '@manga/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ProgressBar } from '#app/components/ui/progress-bar.tsx';
import { useRootData } from '#app/root-data.ts';
import { ART_ACCEPT, ART_PREVIEWS, type CropBox, cropOf } from './editorial.ts';
import { labelClass } from './editorial-frame.tsx';

// A title's cover art (issue 26, ADR 046): the editor picks an image, frames it (zoom and focus), sees it
// at every size the site shows, and uploads it with its progress shown; the API cuts the same crop with
// sharp and stores every size. After the upload the previews are the stored images themselves.

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

/** The picked image framed to `crop` and filled into a box of the given aspect, centred (as sharp does). */
function CropPreview({
  picked,
  crop,
  width,
  height,
  label,
}: {
  picked: Picked;
  crop: CropBox;
  width: number;
  height: number;
  label: string;
}) {
  const scale = Math.max(width / crop.width, height / crop.height);
  const left = -crop.left * scale - (crop.width * scale - width) / 2;
  const top = -crop.top * scale - (crop.height * scale - height) / 2;
  return (
    <figure className="grid gap-1">
      <div
        className="relative w-full overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <img
          src={picked.url}
          alt=""
          className="absolute max-w-none origin-top-left"
          style={{
            width: `${((picked.width * scale) / width) * 100}%`,
            left: `${(left / width) * 100}%`,
            top: `${(top / height) * 100}%`,
          }}
        />
      </div>
      <figcaption className="text-[11px] text-zinc-500">{label}</figcaption>
    </figure>
  );
}

function StoredPreview({ url, width, height, label }: { url: string; width: number; height: number; label: string }) {
  return (
    <figure className="grid gap-1">
      {url ? (
        <img
          src={url}
          alt=""
          width={width}
          height={height}
          className="h-auto w-full rounded-lg bg-zinc-100 ring-1 ring-zinc-200"
        />
      ) : (
        <div
          className="w-full rounded-lg bg-zinc-100 ring-1 ring-zinc-200"
          style={{ aspectRatio: `${width} / ${height}` }}
        />
      )}
      <figcaption className="text-[11px] text-zinc-500">{label}</figcaption>
    </figure>
  );
}

export function TitleArtPanel({ title }: { title: EditorTitle }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { revalidate } = useRevalidator();
  const id = useId();
  const [picked, setPicked] = useState<Picked | undefined>();
  const [zoom, setZoom] = useState(1);
  const [focusX, setFocusX] = useState(0.5);
  const [focusY, setFocusY] = useState(0.5);
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const pick = (file: File | undefined) => {
    setUpload({ phase: 'idle' });
    if (!file) return setPicked(undefined);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setPicked({ file, url, width: image.naturalWidth, height: image.naturalHeight });
      setZoom(1);
      setFocusX(0.5);
      setFocusY(0.5);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      setPicked(undefined);
      setUpload({ phase: 'failed', message: t('editorial.art.not_image') });
    };
    image.src = url;
  };

  const crop = picked ? cropOf(picked.width, picked.height, zoom, focusX, focusY) : undefined;

  const send = () => {
    if (!picked || !crop || !root) return;
    const target = editorialOperations(browserApi(root)).titleArtUploadTarget({
      title_id: String(title.title_id),
      crop_left: String(crop.left),
      crop_top: String(crop.top),
      crop_width: String(crop.width),
      crop_height: String(crop.height),
    });
    // XMLHttpRequest, not fetch: only it reports the upload's progress.
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', picked.file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        setUpload({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    };
    request.onload = () => {
      if (request.status === 200) {
        setUpload({ phase: 'done' });
        setPicked(undefined);
        if (fileRef.current) fileRef.current.value = '';
        revalidate();
        return;
      }
      let message = t('editorial.art.failed');
      try {
        message = (JSON.parse(request.responseText) as { error_message?: string }).error_message || message;
      } catch {}
      setUpload({ phase: 'failed', message: request.status === 413 ? t('editorial.art.too_large') : message });
    };
    request.onerror = () => setUpload({ phase: 'failed', message: t('editorial.art.failed') });
    setUpload({ phase: 'uploading', percent: 0 });
    request.send(picked.file);
  };

  const uploading = upload.phase === 'uploading';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="editorial-art"
    >
      <h2 id={`${id}-heading`} className="text-base font-extrabold text-ink">
        {t('editorial.art.heading')}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-zinc-600">{t('editorial.art.lead')}</p>
      <div className="mt-4">
        <label htmlFor={`${id}-file`} className={labelClass}>
          {t('editorial.art.file')}
        </label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={ART_ACCEPT}
          disabled={uploading}
          onChange={(event) => pick(event.target.files?.[0])}
          className="mt-1 block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border-0 file:bg-zinc-100 file:px-4 file:py-2 file:text-sm file:font-bold file:text-ink hover:file:bg-zinc-200"
          data-testid="editorial-art-file"
        />
      </div>
      {picked && crop ? (
        <div className="mt-4 grid gap-3">
          {(
            [
              ['zoom', zoom, setZoom, 1, 4, 0.05],
              ['focus_x', focusX, setFocusX, 0, 1, 0.01],
              ['focus_y', focusY, setFocusY, 0, 1, 0.01],
            ] as const
          ).map(([key, value, set, min, max, step]) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`} className={labelClass}>
                {t(`editorial.art.${key}`)}
              </label>
              <input
                id={`${id}-${key}`}
                type="range"
                min={min}
                max={max}
                step={step}
                value={value}
                disabled={uploading}
                onChange={(event) => set(Number(event.target.value))}
                className="mt-1 w-full accent-brand-600"
              />
            </div>
          ))}
          <p className="text-xs text-zinc-500">
            {t('editorial.art.crop', { width: crop.width, height: crop.height, left: crop.left, top: crop.top })}
          </p>
        </div>
      ) : null}
      <div className="mt-4 grid grid-cols-2 gap-3">
        {ART_PREVIEWS.map((size) =>
          picked && crop ? (
            <CropPreview
              key={size.kind}
              picked={picked}
              crop={crop}
              width={size.width}
              height={size.height}
              label={t(`editorial.art.sizes.${size.kind}`, { width: size.width, height: size.height })}
            />
          ) : (
            <StoredPreview
              key={size.kind}
              url={title[size.field]}
              width={size.width}
              height={size.height}
              label={t(`editorial.art.sizes.${size.kind}`, { width: size.width, height: size.height })}
            />
          ),
        )}
      </div>
      {uploading ? (
        <ProgressBar
          className="mt-4"
          testId="editorial-art-progress"
          label={t('editorial.art.uploading')}
          percent={upload.percent}
          detail={`${upload.percent}%`}
        />
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="primary"
          size="md"
          disabled={!picked || uploading}
          busy={uploading}
          onClick={send}
          data-testid="editorial-art-upload"
        >
          {t('editorial.art.upload')}
        </Button>
        {upload.phase === 'done' ? (
          <p role="status" className="text-sm font-semibold text-emerald-700">
            {t('editorial.art.done')}
          </p>
        ) : null}
        {upload.phase === 'failed' ? (
          <p role="alert" className="text-sm font-semibold text-red-700" data-testid="editorial-art-failed">
            {upload.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
