import { responseCodeMessageKey } from '@manga/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '#app/components/ui/brand-mark.tsx';

/** The full-viewer frame: the whole window on ink, no site header or footer. */
export function FullViewerFrame({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-1 flex-col bg-ink text-white">{children}</div>;
}

/** The way out of an error screen: a full reload of the site root (product §2: episode.viewer.last_page.go_home). */
function GoHomeLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      reloadDocument
      className="mt-9 inline-flex h-11 items-center rounded-full bg-white px-6 text-sm font-bold text-ink transition hover:bg-zinc-200"
    >
      {t('episode.viewer.last_page.go_home')}
    </Link>
  );
}

/**
 * The not-found screen (product §2): heading 'Error', text '404', the 'Page Not Found: {full path}'
 * message (in the visitor's language: 'ページが見つかりません: {full path}' in Japanese), a sentence
 * saying what happened, and a link to the site root labelled by episode.viewer.last_page.go_home.
 */
export function NotFoundScreen({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <FullViewerFrame>
      <main className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center" data-testid="not-found">
        <BrandMark className="size-12 opacity-90" />
        <h1 className="mt-8 text-sm font-bold tracking-[0.3em] text-brand-400 uppercase">{t('not_found.heading')}</h1>
        <p className="mt-3 text-7xl font-black tracking-tight sm:text-8xl">{t('not_found.code')}</p>
        <p className="mt-5 max-w-md text-base text-zinc-200">{t('not_found.body')}</p>
        <p className="mt-3 max-w-md font-mono text-sm break-all text-zinc-400" data-testid="not-found-message">
          {t('not_found.message', { path })}
        </p>
        <GoHomeLink />
      </main>
    </FullViewerFrame>
  );
}

/** The server-error screen for a response code: its message, the code, and the way home. */
export function ServerErrorScreen({ code }: { code: number }) {
  const { t } = useTranslation();
  return (
    <FullViewerFrame>
      <main className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
        <BrandMark className="size-12 opacity-90" />
        <h1 className="mt-8 text-2xl font-black tracking-tight sm:text-3xl">{t('error_page.heading')}</h1>
        <p className="mt-3 max-w-md text-sm leading-relaxed text-zinc-300 sm:text-base">
          {t(responseCodeMessageKey(code))}
        </p>
        <p className="mt-2 max-w-md text-sm text-zinc-400">{t('error_page.help')}</p>
        <p className="mt-5 font-mono text-xs text-zinc-400" data-testid="error-code">
          {t('common.error_code', { code })}
        </p>
        <GoHomeLink />
      </main>
    </FullViewerFrame>
  );
}

/**
 * A page that could not load because the browser is offline (ADR 052): said as such, with the way to
 * the offline page (a full navigation, which the service worker answers with no network).
 */
export function OfflineErrorScreen() {
  const { t } = useTranslation();
  return (
    <FullViewerFrame>
      <main
        className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center"
        data-testid="offline-error"
      >
        <BrandMark className="size-12 opacity-90" />
        <h1 className="mt-8 text-2xl font-black tracking-tight sm:text-3xl">{t('offline.status_offline')}</h1>
        <p className="mt-3 max-w-md text-sm leading-relaxed text-zinc-300 sm:text-base">
          {t('offline.status_offline_lead')}
        </p>
        <a
          href="/offline"
          className="mt-8 inline-flex h-11 items-center rounded-full bg-white px-6 text-sm font-bold text-ink"
        >
          {t('offline.open_offline_page')}
        </a>
      </main>
    </FullViewerFrame>
  );
}

/** The card the oops layout's pages (gate, denied age, maintenance) put their content in. */
export function OopsCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <section
      className={`w-full ${wide ? 'max-w-lg' : 'max-w-md'} rounded-3xl bg-white px-6 py-8 shadow-xl shadow-zinc-900/5 ring-1 ring-zinc-200 sm:px-9 sm:py-10`}
    >
      {children}
    </section>
  );
}

export function OopsIcon({ tone, children }: { tone: 'brand' | 'warn' | 'muted'; children: ReactNode }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-600',
    warn: 'bg-amber-50 text-amber-600',
    muted: 'bg-zinc-100 text-zinc-500',
  } as const;
  return (
    <div className={`grid size-14 place-items-center rounded-2xl ${tones[tone]}`}>
      <svg
        viewBox="0 0 24 24"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        {children}
      </svg>
    </div>
  );
}

/** Where the maintenance code (1098) sends every page (product §4). */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  return (
    <OopsCard>
      <OopsIcon tone="warn">
        <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3.5 17.5l3 3 5.8-5.8a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
      </OopsIcon>
      <h1 className="mt-5 text-2xl font-black tracking-tight text-ink" data-testid="maintenance-heading">
        {t('maintenance.heading')}
      </h1>
      <p className="mt-3 text-sm leading-relaxed text-zinc-600">{t('maintenance.body')}</p>
      <Link
        to="/"
        reloadDocument
        className="mt-7 inline-flex h-11 items-center rounded-full bg-ink px-5 text-sm font-bold text-white transition hover:bg-zinc-800"
      >
        {t('maintenance.retry')}
      </Link>
    </OopsCard>
  );
}
