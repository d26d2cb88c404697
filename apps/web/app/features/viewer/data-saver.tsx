import { type ApiClient, getWebViewer } from '@manga/api-client';
import {
  CookieName,
  chooseImageQuality,
  DATA_SAVER_SETTINGS,
  type DataSaverSetting,
  type ImageQuality,
} from '@manga/contracts';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';
import { prefixed } from '#app/visitor/cookies.ts';
import type { PageImages } from './page-images.ts';
import type { ConnectionHints } from './preload-policy.ts';
import type { ReadyViewerData } from './viewer.ts';

// The data saver in the reader (issue 28, ADR 055): the server renders the tier the reader's setting
// and the browser's Save-Data asked for; once mounted, a slow connection or the browser's own
// saveData (Network Information API) switches `auto` to the light tier, and the reader can set it
// on or off, kept in a cookie so the next chapter renders in that tier from its first page.

const DATA_SAVER_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

function writeDataSaverCookie(cookiePrefix: string, setting: DataSaverSetting, secure: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; one cookie, on a click
  document.cookie = [
    `${prefixed(cookiePrefix, CookieName.DataSaver)}=${setting === 'auto' ? '' : setting}`,
    'Path=/',
    `Max-Age=${setting === 'auto' ? 0 : DATA_SAVER_COOKIE_TTL_SECONDS}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export interface DataSaverState {
  setting: DataSaverSetting;
  /** The tier on screen. */
  quality: ImageQuality;
  /** Auto → on → off → auto. */
  cycle: () => void;
}

export function useDataSaver(options: {
  api: ApiClient | undefined;
  viewer: ReadyViewerData;
  images: PageImages;
  /** The tier the pages' URLs are of; the URL refresh reads it too. */
  qualityRef: RefObject<ImageQuality>;
  hints: ConnectionHints | undefined;
  apiPrefix: string;
  cookiePrefix: string;
  secureCookies: boolean;
  /** Where another tier's pages come from instead of the viewer call (an editor's preview, ADR 073). */
  fetchTier?: (quality: ImageQuality) => Promise<{ urls: string[]; quality: ImageQuality }>;
}): DataSaverState {
  const { api, viewer, images, qualityRef, hints, apiPrefix, cookiePrefix, secureCookies, fetchTier } = options;
  const [setting, setSetting] = useState<DataSaverSetting>(viewer.dataSaver);
  const [quality, setQuality] = useState<ImageQuality>(viewer.imageQuality);

  const switchTo = useCallback(
    async (target: ImageQuality) => {
      if ((!api && !fetchTier) || target === qualityRef.current) return;
      try {
        // Fresh signed URLs of the other tier; no read is recorded for them.
        const fresh = fetchTier
          ? await fetchTier(target)
          : await getWebViewer(api as ApiClient, {
              episode_id: viewer.episodeId,
              prefetch: 1,
              image_quality: target,
            }).then((answer) => ({
              urls: answer.page_list.map((url) => imageUrlThrough(apiPrefix, url)),
              quality: answer.image_quality,
            }));
        if (fresh.quality === qualityRef.current) return;
        qualityRef.current = fresh.quality;
        setQuality(fresh.quality);
        images.replaceUrls(fresh.urls);
      } catch {
        // The tier on screen stays; the next page turn still works.
      }
    },
    [api, fetchTier, viewer.episodeId, images, qualityRef, apiPrefix],
  );

  const wanted = (next: DataSaverSetting) =>
    chooseImageQuality(next, {
      saveData: viewer.saveDataRequested || (hints?.saveData ?? false),
      effectiveType: hints?.effectiveType,
    });

  // Auto on a slow connection: the light tier, once the browser says so.
  useEffect(() => {
    if (setting !== 'auto' || !hints) return;
    if (
      chooseImageQuality('auto', { saveData: hints.saveData ?? false, effectiveType: hints.effectiveType }) === 'light'
    ) {
      void switchTo('light');
    }
  }, [hints, setting, switchTo]);

  const cycle = () => {
    const next = DATA_SAVER_SETTINGS[(DATA_SAVER_SETTINGS.indexOf(setting) + 1) % DATA_SAVER_SETTINGS.length]!;
    setSetting(next);
    writeDataSaverCookie(cookiePrefix, next, secureCookies);
    void switchTo(wanted(next));
  };
  return { setting, quality, cycle };
}

/** The tier in use, and the setting, as one button that changes the setting (auto → on → off). */
export function DataSaverButton({ state, labelled = false }: { state: DataSaverState; labelled?: boolean }) {
  const { t } = useTranslation();
  const tier = t(`reader_comfort.data_saver.quality_${state.quality}`);
  const setting = t(`reader_comfort.data_saver.setting_${state.setting}`);
  const short = t(`reader_comfort.data_saver.short_${state.quality}`);
  // The name starts with the words on the button (at either width): WCAG 2.5.3, label in name.
  const label = t('reader_comfort.data_saver.label', { tier, setting, short });
  return (
    <button
      type="button"
      onClick={state.cycle}
      aria-label={label}
      title={label}
      data-testid="data-saver-toggle"
      data-setting={state.setting}
      data-quality={state.quality}
      className={`inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-xs font-bold text-zinc-200 transition hover:bg-white/10 hover:text-white ${labelled ? 'max-sm:rounded-xl max-sm:text-sm' : ''}`}
    >
      <span
        className={`rounded-md px-1.5 py-0.5 ${state.quality === 'light' ? 'bg-emerald-300 text-ink' : 'bg-white/15 text-white'}`}
      >
        <span className={labelled ? 'hidden' : 'sm:hidden'}>{short}</span>
        <span className={labelled ? '' : 'hidden sm:inline'}>{tier}</span>
      </span>{' '}
      <span className={`text-zinc-300 ${labelled ? '' : 'hidden sm:inline'}`}>{setting}</span>
    </button>
  );
}
