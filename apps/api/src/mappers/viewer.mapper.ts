// The viewer answers (WIRE.md §3.3): signed absolute page URLs in page order, the seed in the form
// the client family reads (ADR 009), and the neighbouring episodes.
import { encodeScrambleSeed, type PageSize, type ScrambleSeed, type ScrambleSeedFormat } from '@manga/contracts';
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

export function toPageUrls(pages: readonly PageRow[], urls: MediaUrls, now: number): string[] {
  return pages.map((page) => urls.signedUrl(page.storage_key, now));
}

/** `page_size_list` (ADR 016): each page's stored size, in page order, beside `page_list`. */
export function toPageSizes(pages: readonly PageRow[]): PageSize[] {
  return pages.map((page) => ({ width: page.width, height: page.height }));
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
