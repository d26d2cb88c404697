import { formatTitleId, type Title } from '@manga/contracts';

// The catalogue's view models, shared by its loaders and components: title and episode links, the
// card every catalogue list shows, and the featured title of the top and series pages.

/** Status badge of a series (translation key under `top.`). */
export type TitleBadge = 'completed' | 'one_shot';

/** What a cover card shows, prepared by the loader. */
export interface TitleCardView {
  id: number;
  href: string;
  name: string;
  author: string;
  /** Square cover art (wire §3.1 `thumbnail_image_url`, 480×480). */
  coverUrl: string;
  /** Short status badge, if any. */
  badge: TitleBadge | undefined;
  /** A line under the author, e.g. the chapter that came out ("Chapter 12"). */
  note?: string;
}

/** A title shown large: its card plus portrait art, a blurred backdrop and an introduction. */
export interface FeaturedTitleView extends TitleCardView {
  /** Portrait art (about 5:7). */
  posterUrl: string;
  /** Wide art behind the hero, blurred. */
  backdropUrl: string;
  introduction: string;
  /** Update cycle text from the catalogue ("Every Tuesday"), or "". */
  updateCycle: string;
  chapterCount: number;
}

export function titleHref(titleId: number): string {
  return `/title/${formatTitleId(titleId)}`;
}

export function episodeHref(titleId: number, episodeId: number): string {
  return `/title/${formatTitleId(titleId)}/episode/${episodeId}`;
}

/** `publish_category` (wire §3.1): 1 serializing, 2 complete, 3 one-shot; the UI translates the key. */
const PUBLISH_CATEGORY_BADGES: Readonly<Record<number, TitleBadge>> = { 2: 'completed', 3: 'one_shot' };

export function publishBadge(publishCategory: number): TitleBadge | undefined {
  return PUBLISH_CATEGORY_BADGES[publishCategory];
}

/** A card of one title; `toImageUrl` makes API image paths loadable by the browser. */
export function toTitleCard(title: Title, toImageUrl: (url: string) => string): TitleCardView {
  return {
    id: title.title_id,
    href: titleHref(title.title_id),
    name: title.title_name,
    author: title.author_text,
    coverUrl: toImageUrl(title.thumbnail_image_url),
    badge: publishBadge(title.publish_category),
  };
}

/** A featured title: portrait feature art (wire §3.1) suits it, the square thumbnail stands in for it. */
export function toFeaturedTitle(title: Title, toImageUrl: (url: string) => string): FeaturedTitleView {
  return {
    ...toTitleCard(title, toImageUrl),
    posterUrl: toImageUrl(title.feature_image_url || title.thumbnail_image_url),
    backdropUrl: toImageUrl(title.banner_image_url || title.thumbnail_image_url),
    introduction: title.short_introduction_text || title.introduction_text,
    updateCycle: title.new_episode_update_cycle_text,
    chapterCount: title.total_episode_count,
  };
}

/** The titles of `ids` in that order, skipping ids the answer does not hold. */
export function titlesInOrder<T extends { title_id: number }>(ids: readonly number[], titles: readonly T[]): T[] {
  const byId = new Map(titles.map((title) => [title.title_id, title]));
  return ids.flatMap((id) => {
    const title = byId.get(id);
    return title ? [title] : [];
  });
}
