// Boot statistics → GET /app/boot (ADR 007).
import { type AppBootResponse, formatWireDateTime } from '@manga/contracts';

export interface BootStats {
  createdAt: number;
  now: number;
  lastPaidAt: number | undefined;
  accountPoint: number;
  weeklyViewTitleCount: number;
  daysInARow: number;
  timeZone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const NEW_USER_DAYS = 7;

export function toAppBootResponse(
  stats: BootStats,
): Omit<AppBootResponse, 'status' | 'response_code' | 'error_message'> {
  const since = stats.lastPaidAt ?? stats.createdAt;
  return {
    is_new_user: stats.now - stats.createdAt < NEW_USER_DAYS * DAY_MS ? 1 : 0,
    is_purchased: stats.lastPaidAt === undefined ? 0 : 1,
    unpurchased_point_days: Math.max(0, Math.floor((stats.now - since) / DAY_MS)),
    account_point: stats.accountPoint,
    weekly_view_title_count: stats.weeklyViewTitleCount,
    karte_data: {
      days_in_a_row: stats.daysInARow,
      created_date: formatWireDateTime(new Date(stats.createdAt), stats.timeZone),
    },
  };
}
