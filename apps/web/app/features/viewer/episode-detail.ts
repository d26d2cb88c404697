import type { ViewerMode } from './viewer.ts';

// The view model of the minfunction episode detail page (product §2): one chapter and the way into
// the minfunction viewer it chooses (product §4).

export interface EpisodeDetailData {
  titleId: number;
  titleName: string;
  titleHref: string;
  episodeId: number;
  episodeName: string;
  thumbnailUrl: string;
  /** Release time as an ISO instant. */
  releasedAt: string | undefined;
  /** The price shown while it must be bought (0 when the reader may read it now). */
  point: number;
  pageCount: number;
  /** The reader may open it now (the API's is_page_visible). */
  readable: boolean;
  /** The minfunction viewer to read it in. */
  viewerMode: Exclude<ViewerMode, 'normal'>;
  readHref: string;
}

/** `?viewer=embed` chooses the embedded viewer, anything else the full one (product §4 minfunction mode). */
export const MINFUNCTION_VIEWER_PARAM = 'viewer';

export function minfunctionViewerMode(raw: string | null): Exclude<ViewerMode, 'normal'> {
  return raw === 'embed' ? 'embed' : 'full';
}
