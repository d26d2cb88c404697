import {
  type AccountPointFlowResponse,
  AccountPointFlowResponseSchema,
  type AccountPointResponse,
  AccountPointResponseSchema,
  type AccountReservationFlowResponse,
  AccountReservationFlowResponseSchema,
  type AccountTicketFlowResponse,
  AccountTicketFlowResponseSchema,
  type EpisodePaidBulkResponse,
  EpisodePaidBulkResponseSchema,
  type EpisodePaidResponse,
  EpisodePaidResponseSchema,
  type EpisodeStatusResponse,
  EpisodeStatusResponseSchema,
  type LoginBonusResponse,
  LoginBonusResponseSchema,
  type MagazinePaidResponse,
  MagazinePaidResponseSchema,
  type PurchasedTitleResponse,
  PurchasedTitleResponseSchema,
  type RentalTicketResponse,
  RentalTicketResponseSchema,
  type ShopResponse,
  ShopResponseSchema,
  type ShopSubscriptionResponse,
  ShopSubscriptionResponseSchema,
  type StpCancelResponse,
  StpCancelResponseSchema,
  type StpCheckoutResponse,
  StpCheckoutResponseSchema,
  type TestCheckoutPayResponse,
  TestCheckoutPayResponseSchema,
  type TestCheckoutResponse,
  TestCheckoutResponseSchema,
  type WebPointHistoryResponse,
  WebPointHistoryResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';
import type { CallOptions, PagingParams } from './catalogue-operations.ts';

// The wallet, purchase, ticket and login-bonus calls (product §7, wire §3.4–3.5, ADR 014), each
// validated with its contracts schema. The purchase and rental calls name product §5's operations, so
// that their required parameters are checked before anything is sent. They act for the caller's
// session: never use a shared response cache with them.

/** GET /account/point: balances and premium tickets (first to expire first). */
export function getAccountPoint(api: ApiClient, options: CallOptions = {}): Promise<AccountPointResponse> {
  return api.call('getAccountPoint', 'GET', '/account/point', {}, { ...options, schema: AccountPointResponseSchema });
}

/** GET /account/point/flow: point movements, newest first. */
export function listPointFlow(
  api: ApiClient,
  params: PagingParams = {},
  options: CallOptions = {},
): Promise<AccountPointFlowResponse> {
  return api.call(
    'listPointFlow',
    'GET',
    '/account/point/flow',
    { ...params },
    { ...options, schema: AccountPointFlowResponseSchema },
  );
}

/** GET /web/point/history/list: movements before `offset_purchase_time` (the previous page's next offset). */
export function listPointHistory(
  api: ApiClient,
  params: { limit?: number; offset_purchase_time?: string } = {},
  options: CallOptions = {},
): Promise<WebPointHistoryResponse> {
  return api.call(
    'listPointHistory',
    'GET',
    '/web/point/history/list',
    { ...params },
    { ...options, schema: WebPointHistoryResponseSchema },
  );
}

/** POST /episode/paid: `check_point` is the price the reader was shown. */
export function buyEpisode(
  api: ApiClient,
  params: { episode_id: number; check_point: number },
  options: CallOptions = {},
): Promise<EpisodePaidResponse> {
  return api.call(
    'episodePaid',
    'POST',
    '/episode/paid',
    { ...params },
    { ...options, schema: EpisodePaidResponseSchema },
  );
}

/** POST /episode/paid/bulk: `paid_point` the sum of prices, `point_back` bulkPointBack of it. */
export function buyEpisodes(
  api: ApiClient,
  params: { episode_id_list: readonly number[]; paid_point: number; point_back: number },
  options: CallOptions = {},
): Promise<EpisodePaidBulkResponse> {
  return api.call(
    'episodePaidBulk',
    'POST',
    '/episode/paid/bulk',
    { ...params },
    { ...options, schema: EpisodePaidBulkResponseSchema },
  );
}

/** POST /magazine/paid: the whole issue at `paid_point`. */
export function buyMagazine(
  api: ApiClient,
  params: { magazine_id: number; paid_point: number },
  options: CallOptions = {},
): Promise<MagazinePaidResponse> {
  return api.call(
    'magazinePaid',
    'POST',
    '/magazine/paid',
    { ...params },
    { ...options, schema: MagazinePaidResponseSchema },
  );
}

/** GET /episode/status: badge, price and what the reader can do with the episode now. */
export function getEpisodeStatus(
  api: ApiClient,
  params: { episode_id: number; check_point?: number },
  options: CallOptions = {},
): Promise<EpisodeStatusResponse> {
  return api.call(
    'getEpisodeStatus',
    'GET',
    '/episode/status',
    { ...params },
    { ...options, schema: EpisodeStatusResponseSchema },
  );
}

/** GET /web/title/purchased: purchased titles, latest purchase first, with `title_count`. */
export function listPurchasedTitles(
  api: ApiClient,
  params: PagingParams = {},
  options: CallOptions = {},
): Promise<PurchasedTitleResponse> {
  return api.call(
    'listPurchasedTitles',
    'GET',
    '/web/title/purchased',
    { ...params },
    { ...options, schema: PurchasedTitleResponseSchema },
  );
}

/** GET /account/reservation/flow: episodes owned before their release, soonest first. */
export function listReservationFlow(
  api: ApiClient,
  params: PagingParams = {},
  options: CallOptions = {},
): Promise<AccountReservationFlowResponse> {
  return api.call(
    'listReservationFlow',
    'GET',
    '/account/reservation/flow',
    { ...params },
    { ...options, schema: AccountReservationFlowResponseSchema },
  );
}

/** GET /account/ticket/flow: premium tickets granted and expired, tickets used. */
export function listTicketFlow(
  api: ApiClient,
  params: PagingParams = {},
  options: CallOptions = {},
): Promise<AccountTicketFlowResponse> {
  return api.call(
    'listTicketFlow',
    'GET',
    '/account/ticket/flow',
    { ...params },
    { ...options, schema: AccountTicketFlowResponseSchema },
  );
}

/** POST /episode/rental/ticket: `ticket_type` 99 for a premium ticket, else the title ticket's advertised type and version. */
export function rentEpisodeWithTicket(
  api: ApiClient,
  params: { episode_id: number; ticket_type: number; ticket_version: number },
  options: CallOptions = {},
): Promise<RentalTicketResponse> {
  return api.call(
    'rentalTicket',
    'POST',
    '/episode/rental/ticket',
    { ...params },
    { ...options, schema: RentalTicketResponseSchema },
  );
}

/** GET /loginbonus: claims today's reward once and answers the calendar. */
export function claimLoginBonus(
  api: ApiClient,
  params: { loginbonus_ab?: number } = {},
  options: CallOptions = {},
): Promise<LoginBonusResponse> {
  return api.call(
    'claimLoginBonus',
    'GET',
    '/loginbonus',
    { ...params },
    { ...options, schema: LoginBonusResponseSchema },
  );
}

/** GET /web/loginbonus (ours, ADR 058): the calendar as it stands, claiming nothing. */
export function getLoginBonusCalendar(api: ApiClient, options: CallOptions = {}): Promise<LoginBonusResponse> {
  return api.call(
    'getLoginBonusCalendar',
    'GET',
    '/web/loginbonus',
    {},
    { ...options, schema: LoginBonusResponseSchema },
  );
}

// Shop and card payments (ADR 019). Session calls: never cached.

/** GET /web/shop: the visitor's region's point packs (asset_type 1) or plans (2). */
export function getShop(
  api: ApiClient,
  params: { asset_type: 1 | 2; region?: 'US' | 'JP' },
  options: CallOptions = {},
): Promise<ShopResponse> {
  return api.call('getShop', 'GET', '/web/shop', { ...params }, { ...options, schema: ShopResponseSchema });
}

/** GET /web/shop/point/subscription: the plans and the reader's current plan. */
export function getShopSubscription(
  api: ApiClient,
  params: { region?: 'US' | 'JP' } = {},
  options: CallOptions = {},
): Promise<ShopSubscriptionResponse> {
  return api.call(
    'getShopSubscription',
    'GET',
    '/web/shop/point/subscription',
    { ...params },
    { ...options, schema: ShopSubscriptionResponseSchema },
  );
}

/** POST /web/stp/outright or /web/stp/subscription: the checkout page to send the reader to. */
export function startCheckout(
  api: ApiClient,
  params: { asset_id: number; path: string; plan: boolean },
  options: CallOptions = {},
): Promise<StpCheckoutResponse> {
  const { plan, ...body } = params;
  return api.call(
    plan ? 'startPlanCheckout' : 'startPointCheckout',
    'POST',
    plan ? '/web/stp/subscription' : '/web/stp/outright',
    { ...body },
    { ...options, schema: StpCheckoutResponseSchema },
  );
}

/** POST /web/stp/subscription/cancel: the plan ends at its period's end (answered). */
export function cancelPlan(
  api: ApiClient,
  params: { asset_id: number },
  options: CallOptions = {},
): Promise<StpCancelResponse> {
  return api.call(
    'cancelPlan',
    'POST',
    '/web/stp/subscription/cancel',
    { ...params },
    { ...options, schema: StpCancelResponseSchema },
  );
}

/** GET /web/stp/test/session: the embedded test provider's open session (test mode only). */
export function getTestCheckout(
  api: ApiClient,
  params: { session_id: string },
  options: CallOptions = {},
): Promise<TestCheckoutResponse> {
  return api.call(
    'getTestCheckout',
    'GET',
    '/web/stp/test/session',
    { ...params },
    { ...options, schema: TestCheckoutResponseSchema },
  );
}

/** POST /web/stp/test/pay: pays the test session with a test card number (test mode only). */
export function payTestCheckout(
  api: ApiClient,
  params: { session_id: string; card_number: string },
  options: CallOptions = {},
): Promise<TestCheckoutPayResponse> {
  return api.call(
    'payTestCheckout',
    'POST',
    '/web/stp/test/pay',
    { ...params },
    { ...options, schema: TestCheckoutPayResponseSchema },
  );
}
