import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LockedEpisode } from './locked-episode.tsx';
import { Reader } from './reader.tsx';
import type { ViewerData } from './viewer.ts';
import { ViewerPageFrame } from './viewer-frame.tsx';

/** An age-rated title the visitor is too young (or of unknown age) for (API 2016). */
function RestrictedEpisode({ viewer }: { viewer: Extract<ViewerData, { state: 'restricted' }> }) {
  const { t } = useTranslation();
  return (
    <ViewerPageFrame viewer={viewer}>
      <main className="flex flex-1 items-center justify-center px-5 py-14">
        <section role="alert" className="w-full max-w-md rounded-3xl bg-white p-7 text-center text-ink">
          <h2 className="text-xl font-black">{t('episode.viewer.restricted.title')}</h2>
          <p className="mt-3 text-sm text-zinc-600">{t('episode.viewer.restricted.body')}</p>
          <Link
            to={viewer.titleHref}
            className="mt-6 inline-flex h-11 items-center justify-center rounded-full bg-ink px-6 text-sm font-bold text-white"
          >
            {t('episode.viewer.back_to_title')}
          </Link>
        </section>
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
  /** Inline ways to open a locked chapter (buy, rent), shown on its locked screen. */
  lockedActions?: ReactNode;
}

/**
 * An episode in the viewer (the episode route and both minfunction viewers): the reader for a
 * readable one, what it costs and how to open it for a locked one, the age notice for a restricted one.
 */
export function EpisodeViewer({ viewer, lastPageExtras, lastPageAnchor, lockedActions }: EpisodeViewerProps) {
  switch (viewer.state) {
    case 'ready':
      return (
        <Reader
          key={viewer.episodeId}
          viewer={viewer}
          lastPageExtras={lastPageExtras}
          lastPageAnchor={lastPageAnchor}
        />
      );
    case 'locked':
      return <LockedEpisode viewer={viewer} actions={lockedActions} />;
    case 'restricted':
      return <RestrictedEpisode viewer={viewer} />;
  }
}
