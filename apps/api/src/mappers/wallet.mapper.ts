// Ledger entries to the point movements of /account/point/flow and /web/point/history/list (ADR 014).

import type { Locale } from '@manga/contracts';
import { formatWireDateTime, type PointMovement } from '@manga/contracts';
import { localized } from '#src/mappers/render-context.mapper.ts';
import type { EpisodeLabelRow } from '#src/repositories/purchase.repository.ts';
import type { LedgerEntryRow } from '#src/repositories/wallet.repository.ts';

export interface MovementLabels {
  episodes: Map<number, EpisodeLabelRow>;
  magazines: Map<number, { name_en: string; name_ja: string }>;
}

/** Ledger references that name an episode (a purchase, or the first episode of a bulk purchase). */
export const EPISODE_REFERENCES: readonly string[] = ['episode', 'episode_bulk'];
export const MAGAZINE_REFERENCE = 'magazine';

export function toPointMovementResponse(
  entry: LedgerEntryRow,
  labels: MovementLabels,
  ctx: { locale: Locale; timeZone: string },
): PointMovement {
  const referenced = Number(entry.reference_id);
  const episode = EPISODE_REFERENCES.includes(entry.reference_type) ? labels.episodes.get(referenced) : undefined;
  const magazine = entry.reference_type === MAGAZINE_REFERENCE ? labels.magazines.get(referenced) : undefined;
  const isCredit = entry.delta > 0;
  return {
    point_history_id: entry.id,
    point_kind: entry.kind === 'paid' ? 'paid' : 'free',
    point: entry.delta,
    reason: entry.reason,
    title_id: episode?.title_id ?? null,
    title_name: episode ? localized(episode.title_name_en, episode.title_name_ja, ctx.locale) : '',
    episode_id: episode?.id ?? null,
    episode_name: episode ? localized(episode.name_en, episode.name_ja, ctx.locale) : '',
    magazine_id: magazine ? referenced : null,
    magazine_name: magazine ? localized(magazine.name_en, magazine.name_ja, ctx.locale) : '',
    purchase_time: formatWireDateTime(new Date(entry.created_at), ctx.timeZone),
    expire_time:
      isCredit && entry.expires_at !== null ? formatWireDateTime(new Date(entry.expires_at), ctx.timeZone) : null,
    remaining_point: isCredit ? entry.remaining : 0,
  };
}
