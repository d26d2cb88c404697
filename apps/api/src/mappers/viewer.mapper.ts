// The viewer answers (WIRE.md §3.3): signed absolute page URLs in page order, the seed in the form
// the client family reads (ADR 009), and the neighbouring episodes.
import { encodeScrambleSeed, type ScrambleSeed, type ScrambleSeedFormat } from '@manga/contracts';
import type { EpisodeRow, PageRow } from '#src/db/schema.ts';
import type { MediaUrlSigner } from '#src/services/media-url-signer.service.ts';

export function toScrambleSeed(
  episode: Pick<EpisodeRow, 'id' | 'title_id' | 'scramble_seed'>,
  format: ScrambleSeedFormat,
): ScrambleSeed {
  return format === 'int'
    ? episode.scramble_seed
    : encodeScrambleSeed(episode.scramble_seed, episode.title_id, episode.id, format);
}

export function toPageUrls(pages: readonly PageRow[], urls: MediaUrlSigner, now: number): string[] {
  return pages.map((page) => urls.signedUrl(page.storage_key, now));
}

/** previous_episode / next_episode: int fields only (clients read them as string → int maps); {} when none. */
export function toAdjacentEpisode(
  episode: Pick<EpisodeRow, 'id' | 'sort_index' | 'point'> | undefined,
  free: boolean,
): Record<string, number> {
  if (!episode) return {};
  return {
    episode_id: episode.id,
    index: episode.sort_index,
    point: free ? 0 : episode.point,
    badge: free ? 2 : 1,
  };
}
