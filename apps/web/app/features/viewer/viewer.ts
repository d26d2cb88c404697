import type { ScrambleSeed } from '@manga/contracts';
import { SERVICE_NAME } from '#app/brand.ts';
import type { AccessKind } from '#app/features/catalogue/episode-access.ts';
import { pageMeta } from '#app/i18n/meta.ts';

// The view model of the viewer routes (the episode route and the two minfunction viewers),
// shared by their loader and the reader.

/** A neighbouring chapter (previous_episode / next_episode: int fields, {} when none) and its badge. */
export interface AdjacentChapter {
  href: string;
  access: AccessKind;
}

export interface ViewerBase {
  titleId: number;
  episodeId: number;
  titleName: string;
  episodeName: string;
  titleHref: string;
}

export type ViewerData =
  | (ViewerBase & {
      state: 'ready';
      pages: string[];
      scrambleSeed: ScrambleSeed;
      scrambleVer: number | null;
      previous: AdjacentChapter | undefined;
      next: AdjacentChapter | undefined;
    })
  | (ViewerBase & { state: 'locked'; point: number; ticket: boolean; firstEpisodeHref: string | undefined })
  | (ViewerBase & { state: 'restricted'; message: string });

/** What the reader draws: a readable episode's pages, seed and neighbours. */
export type ReadyViewer = Extract<ViewerData, { state: 'ready' }>;

/** `<title>` of a viewer page: episode, title and service; the route's own heading when nothing loaded. */
export function viewerMeta(
  matches: Parameters<typeof pageMeta>[0],
  viewer: ViewerData | undefined,
  fallbackKey: string,
  fallbackValues: Record<string, unknown> = {},
): { title: string }[] {
  return viewer?.episodeName
    ? [{ title: `${viewer.episodeName} | ${viewer.titleName} | ${SERVICE_NAME}` }]
    : pageMeta(matches, fallbackKey, fallbackValues);
}
