// The viewer answers (wire §3.3): signed absolute page URLs in page order, the seed in the form
// the client family reads (ADR 009), and the neighbouring episodes.
import {
  encodeScrambleSeed,
  type ImageQuality,
  type PageSize,
  type ScrambleSeed,
  type ScrambleSeedFormat,
} from '@manga/contracts';
import type { EpisodeRow, PageRow } from '#src/db/schema.ts';
import { toEpisodeAccessFields } from '#src/mappers/episode-access.mapper.ts';
import type { MediaUrls } from '#src/mappers/render-context.mapper.ts';
import type { EpisodeAccess } from '#src/rules/entitlement.rules.ts';

export function toScrambleSeed(
  episode: Pick<EpisodeRow, 'id' | 'title_id' | 'scramble_seed'>,
  format: ScrambleSeedFormat,
): ScrambleSeed {
  return format === 'int'
    ? episode.scramble_seed
    : encodeScrambleSeed(episode.scramble_seed, episode.title_id, episode.id, format);
}

/**
 * The tier served (ADR 055): `light` when asked for and every page has its light derivative (an
 * episode is never served half in one tier), else `standard`.
 */
export function servedImageQuality(pages: readonly PageRow[], requested: ImageQuality): ImageQuality {
  return requested === 'light' && pages.length > 0 && pages.every((page) => page.light_storage_key !== null)
    ? 'light'
    : 'standard';
}

/** Signed URLs of the pages in a tier that `servedImageQuality` answered. */
export function toPageUrls(
  pages: readonly PageRow[],
  urls: MediaUrls,
  now: number,
  quality: ImageQuality = 'standard',
): string[] {
  return pages.map((page) => urls.signedUrl(keyOf(page, quality), now));
}

/** `page_size_list` (ADR 016): each page's stored size in the tier served, in page order, beside `page_list`. */
export function toPageSizes(pages: readonly PageRow[], quality: ImageQuality = 'standard'): PageSize[] {
  return pages.map((page) =>
    quality === 'light' && page.light_width !== null && page.light_height !== null
      ? { width: page.light_width, height: page.light_height }
      : { width: page.width, height: page.height },
  );
}

function keyOf(page: PageRow, quality: ImageQuality): string {
  return quality === 'light' && page.light_storage_key !== null ? page.light_storage_key : page.storage_key;
}

/** previous_episode / next_episode: int fields only (clients read them as string → int maps); {} when none. */
export function toAdjacentEpisode(
  neighbour: { episode: Pick<EpisodeRow, 'id' | 'sort_index' | 'point'>; access: EpisodeAccess } | undefined,
): Record<string, number> {
  if (!neighbour) return {};
  const { episode, access } = neighbour;
  const shown = toEpisodeAccessFields(access, episode.point);
  return { episode_id: episode.id, index: episode.sort_index, point: shown.point, badge: shown.badge };
}
