import { isWireDateTime } from '@manga/contracts';
import type { BalanceView, PointMovementView } from './wallet.ts';

// /my/setting/point (product §2 purchase history): the balance, paid and free, with when its points
// expire, and every point movement with its reason, newest first, paged by time
// (GET /web/point/history/list, offset_purchase_time) through `?before=`.

export const POINT_HISTORY_PAGE_SIZE = 20;
/** Movements read per call while placing the balance's points in their lots. */
export const LOT_SCAN_PAGE_SIZE = 100;
/** At most this many calls: a reader with more movements sees the lots found and a note. */
export const LOT_SCAN_MAX_PAGES = 5;
export const BEFORE_PARAM = 'before';

export interface PointPageData {
  /** The balance; its lots are `complete: false` when they could not all be read. */
  balance: BalanceView;
  movements: PointMovementView[];
  /** The `?before=` of the next (older) page; undefined on the last page. */
  olderBefore: string | undefined;
  /** This is not the newest page (a link back to it is offered). */
  isOlderPage: boolean;
}

/** `?before=` as a wire time, or undefined (the newest page) when absent or malformed. */
export function beforeParam(raw: string | null): string | undefined {
  return raw !== null && isWireDateTime(raw) ? raw : undefined;
}
