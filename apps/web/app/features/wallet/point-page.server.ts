import { type ApiClient, getAccountPoint, listPointFlow, listPointHistory } from '@manga/api-client';
import type { RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';
import { optionalCall } from '#app/features/catalogue/optional-call.ts';
import { apiFor } from '#app/visitor/visitor-context.server.ts';
import {
  BEFORE_PARAM,
  beforeParam,
  LOT_SCAN_MAX_PAGES,
  LOT_SCAN_PAGE_SIZE,
  POINT_HISTORY_PAGE_SIZE,
  type PointPageData,
} from './point-page.ts';
import { type BalanceView, collectLots, type PointMovementView, toPointMovement } from './wallet.ts';
import { failWalletLoad } from './wallet-load.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The lots behind the balance: GET /account/point/flow pages, newest first, until what is left of
 * the credits read adds up to the balance (or LOT_SCAN_MAX_PAGES were read).
 */
async function loadBalance(api: ApiClient, paidPoints: number, freePoints: number, now: Date): Promise<BalanceView> {
  const movements: PointMovementView[] = [];
  let found = collectLots(movements, { paidPoints, freePoints }, now);
  for (let page = 0; page < LOT_SCAN_MAX_PAGES && !found.complete; page++) {
    const answer = await optionalCall(
      listPointFlow(api, { limit: LOT_SCAN_PAGE_SIZE, offset: page * LOT_SCAN_PAGE_SIZE }),
      'GET /account/point/flow',
      'the point balance',
    );
    if (!answer) break;
    movements.push(...answer.point_flow_list.map((movement) => toPointMovement(movement, env.wireTimeZone)));
    found = collectLots(movements, { paidPoints, freePoints }, now);
    if (answer.point_flow_list.length < LOT_SCAN_PAGE_SIZE) break;
  }
  return { paidPoints, freePoints, ...found };
}

/** The balance and one page of the point history (`?before=` a wire time from the previous page). */
export async function loadPointPage(request: Request, context: Context, url: URL): Promise<PointPageData> {
  const api = apiFor(request, context);
  const before = beforeParam(url.searchParams.get(BEFORE_PARAM));
  try {
    const [point, history] = await Promise.all([
      getAccountPoint(api),
      listPointHistory(api, {
        limit: POINT_HISTORY_PAGE_SIZE,
        ...(before ? { offset_purchase_time: before } : {}),
      }),
    ]);
    const balance = await loadBalance(api, point.point.paid_point, point.point.free_point, new Date());
    return {
      balance,
      movements: history.point_history_list.map((movement) => toPointMovement(movement, env.wireTimeZone)),
      olderBefore: history.next_offset_purchase_time ?? undefined,
      isOlderPage: before !== undefined,
    };
  } catch (error) {
    failWalletLoad(error, context, url);
  }
}
