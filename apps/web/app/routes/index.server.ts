import { type ApiClient, responseCodeOf, type TitleListResponse } from '@manga/api-client';
import { formatTitleId } from '@manga/contracts';
import { toPublicImageUrl } from '#app/api.server.ts';
import type { FeaturedTitleView } from '#app/components/featured-title.tsx';
import type { TitleBadge, TitleCardView } from '#app/components/ui/title-card.tsx';

/** The demo catalogue's title ids (10001–10040) until the search call lists the whole catalogue. */
export const DEMO_TITLE_IDS: readonly number[] = Array.from({ length: 40 }, (_, index) => 10_001 + index);

type WireTitle = TitleListResponse['title_list'][number];

export type TopPageData =
  | { state: 'ready'; featured: FeaturedTitleView | undefined; titles: TitleCardView[] }
  | { state: 'unavailable'; responseCode: number };

/** `publish_category` (WIRE.md §3.1): 1 serializing, 2 complete, 3 one-shot; the UI translates the key. */
const PUBLISH_CATEGORY_BADGES: Readonly<Record<number, TitleBadge>> = { 2: 'completed', 3: 'one_shot' };

function toTitleCard(title: WireTitle): TitleCardView {
  return {
    id: title.title_id,
    href: `/title/${formatTitleId(title.title_id)}`,
    name: title.title_name,
    author: title.author_text,
    coverUrl: toPublicImageUrl(title.thumbnail_image_url),
    badge: PUBLISH_CATEGORY_BADGES[title.publish_category],
  };
}

function toFeatured(title: WireTitle): FeaturedTitleView {
  const card = toTitleCard(title);
  return {
    ...card,
    // Portrait feature art (WIRE.md §3.1) suits the hero; the square thumbnail stands in for it.
    posterUrl: toPublicImageUrl(title.feature_image_url || title.thumbnail_image_url),
    backdropUrl: toPublicImageUrl(title.banner_image_url || title.thumbnail_image_url),
    introduction: title.short_introduction_text || title.introduction_text,
    updateCycle: title.new_episode_update_cycle_text,
    chapterCount: title.total_episode_count,
  };
}

/** The top page's titles; an unreachable or failing API becomes the `unavailable` state. */
export async function loadTopPage(api: ApiClient): Promise<TopPageData> {
  try {
    const { title_list: titles } = await api.listTitles({ title_id_list: DEMO_TITLE_IDS });
    const featured = titles[0];
    return {
      state: 'ready',
      featured: featured ? toFeatured(featured) : undefined,
      titles: titles.map(toTitleCard),
    };
  } catch (error) {
    return { state: 'unavailable', responseCode: responseCodeOf(error) };
  }
}
