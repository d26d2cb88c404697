import { formatTitleId, type Title } from '@manga/contracts';
import type { TitleBadge, TitleCardView } from './title-card.tsx';

// Title and episode links, and the card every catalogue list shows (the top page's card style).

export function titleHref(titleId: number): string {
  return `/title/${formatTitleId(titleId)}`;
}

export function episodeHref(titleId: number, episodeId: number): string {
  return `/title/${formatTitleId(titleId)}/episode/${episodeId}`;
}

/** `publish_category` (WIRE.md §3.1): 1 serializing, 2 complete, 3 one-shot; the UI translates the key. */
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

/** The titles of `ids` in that order, skipping ids the answer does not hold. */
export function titlesInOrder<T extends { title_id: number }>(ids: readonly number[], titles: readonly T[]): T[] {
  const byId = new Map(titles.map((title) => [title.title_id, title]));
  return ids.flatMap((id) => {
    const title = byId.get(id);
    return title ? [title] : [];
  });
}
