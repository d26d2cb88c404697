import { editorialOperations } from '@manga/api-client';
import { BANNER_ALT_MAX_LENGTH, BANNER_LINK_MAX_LENGTH, type TopBanner } from '@manga/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { useRootData } from '#app/root-data.ts';
import { ART_ACCEPT } from './editorial.ts';
import { inputClass } from './editorial-frame.tsx';
import { Field } from './field.tsx';
import type { TopCurationResult } from './top-curation.ts';
import { ActiveBadge, Answer, WindowFields, WindowText } from './top-curation-parts.tsx';

// The top page's banners in the curation screen (ADR 074): the image sent straight to the API, the
// banner's form (alt texts, link, order, window) and its row.

/** Sends the banner's image straight to the API (as the title art does), then reloads the screen. */
function useBannerUpload() {
  const root = useRootData();
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<{ phase: 'idle' | 'uploading' | 'done' } | { phase: 'failed'; message: string }>({
    phase: 'idle',
  });
  const upload = (advertisementId: number, file: File) => {
    if (!root) return;
    const target = editorialOperations(browserApi(root)).topBannerImageTarget({
      advertisement_id: String(advertisementId),
    });
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.onload = () => {
      if (request.status === 200) {
        setState({ phase: 'done' });
        revalidate();
        return;
      }
      let message = t('top_curation.image_failed');
      try {
        message = (JSON.parse(request.responseText) as { error_message?: string }).error_message || message;
      } catch {}
      setState({ phase: 'failed', message: request.status === 413 ? t('editorial.art.too_large') : message });
    };
    request.onerror = () => setState({ phase: 'failed', message: t('top_curation.image_failed') });
    setState({ phase: 'uploading' });
    request.send(file);
  };
  return { state, upload };
}

export function BannerForm({ banner, zone, onDone }: { banner?: TopBanner; zone: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { state, upload } = useBannerUpload();
  const handled = useRef<TopCurationResult | undefined>(undefined);
  const testId = banner ? `top-banner-edit-${banner.advertisement_id}` : 'top-banner-new';
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.status !== 'done' || !result.advertisementId) return;
    const file = fileRef.current?.files?.[0];
    if (file) upload(result.advertisementId, file);
    if (!banner) formRef.current?.reset();
    onDone?.();
  }, [fetcher.state, fetcher.data, banner, upload, onDone]);
  const busy = fetcher.state !== 'idle' || state.phase === 'uploading';
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="space-y-3 rounded-xl bg-zinc-50 p-3 ring-1 ring-zinc-200"
      data-testid={testId}
    >
      <input type="hidden" name="intent" value="banner_save" />
      {banner ? <input type="hidden" name="advertisement_id" value={banner.advertisement_id} /> : null}
      <Field
        label={banner ? t('top_curation.banner_image_replace') : t('top_curation.banner_image')}
        hint={t('top_curation.banner_image_hint')}
      >
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            type="file"
            accept={ART_ACCEPT}
            required={!banner}
            className="mt-1 block w-full text-sm"
            data-testid={`${testId}-file`}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('top_curation.alt_en')}>
          {(control) => (
            <input
              {...control}
              name="alt_text"
              required
              maxLength={BANNER_ALT_MAX_LENGTH}
              defaultValue={banner?.alt_text}
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-alt`}
            />
          )}
        </Field>
        <Field label={t('top_curation.alt_ja')}>
          {(control) => (
            <input
              {...control}
              name="alt_text_ja"
              lang="ja"
              maxLength={BANNER_ALT_MAX_LENGTH}
              defaultValue={banner?.alt_text_ja}
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-alt-ja`}
            />
          )}
        </Field>
        <Field label={t('top_curation.link')} hint={t('top_curation.link_hint')}>
          {(control) => (
            <input
              {...control}
              name="link_url"
              required
              maxLength={BANNER_LINK_MAX_LENGTH}
              defaultValue={banner?.link_url ?? '/'}
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-link`}
            />
          )}
        </Field>
        <Field label={t('top_curation.position')} hint={t('top_curation.position_hint')}>
          {(control) => (
            <input
              {...control}
              name="position"
              type="number"
              min={0}
              max={999}
              defaultValue={banner?.position ?? 1}
              className={`${inputClass} mt-1`}
              data-testid={`${testId}-position`}
            />
          )}
        </Field>
      </div>
      <WindowFields zone={zone} start={banner?.start_time} end={banner?.end_time} testId={testId} startRequired />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" size="md" busy={busy} data-testid={`${testId}-save`}>
          {banner ? t('top_curation.save_banner') : t('top_curation.add_banner')}
        </Button>
        {state.phase === 'failed' ? (
          <p role="alert" className="text-sm font-semibold text-red-700" data-testid="top-failed">
            {state.message}
          </p>
        ) : state.phase === 'uploading' ? (
          <p role="status" className="text-sm text-zinc-600">
            {t('top_curation.uploading')}
          </p>
        ) : (
          <Answer result={fetcher.data} doneText={t('top_curation.saved')} />
        )}
      </div>
    </fetcher.Form>
  );
}

export function BannerRow({ banner, zone }: { banner: TopBanner; zone: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<TopCurationResult>();
  const [editing, setEditing] = useState(false);
  const alt = i18n.language === 'ja' ? banner.alt_text_ja || banner.alt_text : banner.alt_text;
  return (
    <li className="py-3" data-testid="top-banner">
      <div className="flex flex-col gap-3 sm:flex-row">
        {banner.image_url ? (
          <img
            src={banner.image_url}
            alt={alt}
            className="aspect-[8/3] w-full rounded-lg object-cover ring-1 ring-zinc-200 sm:w-48"
          />
        ) : (
          <div className="flex aspect-[8/3] w-full items-center justify-center rounded-lg bg-zinc-100 text-xs text-zinc-500 ring-1 ring-zinc-200 sm:w-48">
            {t('top_curation.no_image')}
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink">{banner.alt_text}</span>
            <ActiveBadge active={banner.active === 1} />
          </div>
          {banner.alt_text_ja ? (
            <div lang="ja" className="text-zinc-700">
              {banner.alt_text_ja}
            </div>
          ) : null}
          <div className="break-all text-xs text-brand-700">{banner.link_url}</div>
          <div className="text-xs text-zinc-500">{t('top_curation.position_n', { n: banner.position })}</div>
          <WindowText start={banner.start_time} end={banner.end_time} zone={zone} />
        </div>
        <div className="flex gap-2 sm:flex-col">
          <Button variant="secondary" size="xs" onClick={() => setEditing((open) => !open)} aria-expanded={editing}>
            {t('top_curation.edit')}
          </Button>
          <Button
            variant="danger-secondary"
            size="xs"
            disabled={fetcher.state !== 'idle'}
            onClick={() => {
              if (window.confirm(t('top_curation.delete_confirm'))) {
                fetcher.submit(
                  { intent: 'banner_delete', advertisement_id: String(banner.advertisement_id) },
                  { method: 'post' },
                );
              }
            }}
          >
            {t('top_curation.delete')}
          </Button>
        </div>
      </div>
      {fetcher.data?.status === 'failed' ? <Answer result={fetcher.data} doneText="" /> : null}
      {editing ? (
        <div className="mt-3">
          <BannerForm banner={banner} zone={zone} onDone={() => setEditing(false)} />
        </div>
      ) : null}
    </li>
  );
}
