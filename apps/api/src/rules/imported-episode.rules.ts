// The episode row an import writes (`npm run import` and the console's chapter uploads, ADR 061): what
// the import sets, the rest kept from the episode it replaces or the defaults of a new one.
import type { EpisodeRow, NewEpisode } from '#src/db/schema.ts';

/** What an import sets on the episode row it writes; the rest is kept from `existing` or defaulted. */
export interface ImportedEpisodeFields {
  id: number;
  titleId: number;
  sortIndex: number;
  /** Names as given (trimmed); missing ones keep the existing name or become "Chapter N" / "第N話". */
  nameEn: string | undefined;
  nameJa: string | undefined;
  point: number;
  /** Release time of a new episode; a replaced one keeps its own. */
  startAt: number;
  seed32: number;
  now: number;
  /** The episode being replaced, if any. */
  existing?: EpisodeRow;
}

/** The episode row of an import (`npm run import` and the console's chapter uploads). */
export function importedEpisodeRow(fields: ImportedEpisodeFields): NewEpisode {
  const { existing, sortIndex, point, now } = fields;
  return {
    id: fields.id,
    title_id: fields.titleId,
    sort_index: sortIndex,
    name_en: fields.nameEn ?? existing?.name_en ?? `Chapter ${sortIndex}`,
    name_ja: fields.nameJa ?? existing?.name_ja ?? `第${sortIndex}話`,
    point,
    bonus_point: existing?.bonus_point ?? 0,
    start_at: existing?.start_at ?? fields.startAt,
    free_until_at: existing?.free_until_at ?? null,
    ticket_rental_enabled: point > 0 ? 1 : 0,
    single_sale_enabled: point > 0 ? 1 : 0,
    magazine_id: existing?.magazine_id ?? null,
    viewing_direction: existing?.viewing_direction ?? 1,
    scramble_seed: fields.seed32,
    comic_volume: existing?.comic_volume ?? null,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
}
