import type { EditorTitle, TopCurationResponse } from '@manga/contracts';

// Top page curation in the console (issue 26, ADR 074): what the screen shows and what its forms answer.

export const TOP_CURATION_PATH = '/ops/top';

export type TopCurationIntent =
  | 'pick_add'
  | 'pick_remove'
  | 'pick_move'
  | 'banner_save'
  | 'banner_delete'
  | 'campaign'
  | 'rebuild';

export type TopCurationResult =
  | { status: 'done'; intent: TopCurationIntent; key: string; advertisementId?: number; outcome?: string }
  | { status: 'failed'; intent: TopCurationIntent; key: string; code: number; message: string };

export interface TopCurationData {
  curation: Omit<TopCurationResponse, 'status' | 'response_code' | 'error_message'>;
  /** Published titles matching `q` (the pickers' search). */
  search: { q: string; titles: Pick<EditorTitle, 'title_id' | 'name_en' | 'name_ja'>[] };
}

/** A list with the item at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
