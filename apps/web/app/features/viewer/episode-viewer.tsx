import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgeRestrictionPanel } from '#app/features/catalogue/age-restriction-panel.tsx';
import type { PurchaseActionResult } from '#app/features/catalogue/purchase.ts';
import { DownloadButton } from '#app/features/offline/download-button.tsx';
import { LockedEpisode } from './locked-episode.tsx';
import { Reader } from './reader.tsx';
import type { RestrictedViewerData, ViewerData } from './viewer.ts';
import { ViewerPageFrame } from './viewer-frame.tsx';

/**
 * An age-rated chapter the API refused (2016): the rating with the inline question (asked once) for a
 * reader whose birthday is unknown, or why it stays closed to a reader known to be too young (ADR 026).
 */
function RestrictedEpisode({ viewer }: { viewer: RestrictedViewerData }) {
  const { t } = useTranslation();
  return (
    <ViewerPageFrame viewer={viewer}>
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
        <div
          data-testid="restricted-chapter"
          className="w-full max-w-md rounded-3xl bg-white p-6 text-ink shadow-2xl sm:p-8"
        >
          <p className="mb-4 truncate text-xs font-semibold text-zinc-500">
            {viewer.titleName}
            {viewer.episodeName ? ` · ${viewer.episodeName}` : ''}
          </p>
          <AgeRestrictionPanel restriction={viewer.restriction} idPrefix="viewer-age" />
          <Link
            to={viewer.titleHref}
            className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-full px-6 text-sm font-bold text-ink ring-1 ring-zinc-200 transition hover:bg-zinc-50"
          >
            {t('episode.viewer.back_to_title')}
          </Link>
        </div>
      </main>
    </ViewerPageFrame>
  );
}

export interface EpisodeViewerProps {
  viewer: ViewerData;
  /** Blocks for the end of a chapter from other features (the comments), shown on the last page. */
  lastPageExtras?: ReactNode;
  /** The id of an element in `lastPageExtras`: a link to it (`#id`) opens the reader on its last page. */
  lastPageAnchor?: string;
  /** A failed buy or rent of the locked screen (the route's action answer). */
  lockedResult?: PurchaseActionResult;
}

/**
 * An episode in the viewer (the episode route and both minfunction viewers): the reader for a
 * readable one, what it costs and how to open it for a locked one, the age notice for a restricted one.
 */
export function EpisodeViewer({ viewer, lastPageExtras, lastPageAnchor, lockedResult }: EpisodeViewerProps) {
  switch (viewer.state) {
    case 'ready':
      return (
        <Reader
          key={viewer.episodeId}
          viewer={viewer}
          lastPageExtras={lastPageExtras}
          lastPageAnchor={lastPageAnchor}
          topBarExtras={
            <DownloadButton
              episodeId={viewer.episodeId}
              name={viewer.episodeName}
              tone="dark"
              className="inline-flex shrink-0"
            />
          }
        />
      );
    case 'locked':
      return <LockedEpisode viewer={viewer} result={lockedResult} />;
    case 'restricted':
      return <RestrictedEpisode viewer={viewer} />;
  }
}
