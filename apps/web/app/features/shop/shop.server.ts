// Loading the shop and starting checkouts for the visitor of this request (ADR 019).
import {
  cancelPlan,
  getAccountPoint,
  getShop,
  getShopSubscription,
  getTestCheckout,
  payTestCheckout,
  responseCodeOf,
  startCheckout,
} from '@manga/api-client';
import { ResponseCode, sameOriginReturnTarget } from '@manga/contracts';
import { type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { accountErrorCode, clearSessionCookie, isSessionGone } from '#app/features/account/account-api.server.ts';
import { loginPathFor } from '#app/features/account/account-paths.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import {
  SHOP_PATH,
  type ShopActionResult,
  type ShopPageData,
  type TestCheckoutData,
  type TestPayResult,
} from './shop.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The path of a checkout's success or cancel URL, which the API builds on one of the site's origins
 * (contracts' return-target rule against each of MANGA_WEB_ORIGIN's), or undefined: the reader stays
 * on the origin they are on.
 */
export function checkoutReturnPath(url: string): string | undefined {
  for (const origin of env.webOrigins) {
    const path = sameOriginReturnTarget(url, origin);
    if (path) return path;
  }
  return undefined;
}

function onSessionGone(error: unknown, context: Context, back: string): void {
  if (!isSessionGone(responseCodeOf(error))) return;
  clearSessionCookie(visitorOf(context));
  throw redirect(loginPathFor(back));
}

export async function loadShop(request: Request, context: Context, url: URL): Promise<ShopPageData> {
  const api = apiFor(request, context);
  try {
    // Prices in the visitor's region (its country header, ADR 019): yen in JP, dollars elsewhere.
    const { region } = visitorOf(context).visitor;
    const [packs, plans, point] = await Promise.all([
      getShop(api, { asset_type: 1, region }),
      getShopSubscription(api, { region }),
      getAccountPoint(api),
    ]);
    return {
      tab: url.searchParams.get('tab') === 'plan' ? 'plan' : 'points',
      packs: packs.asset_list,
      plans: plans.point_subscription_asset_list,
      currentPlan: plans.current_plan,
      balance: point.point.paid_point + point.point.free_point,
      returnPath: sameOriginReturnTarget(url.searchParams.get('return')) ?? null,
    };
  } catch (error) {
    onSessionGone(error, context, `${url.pathname}${url.search}`);
    handleApiError(error);
    throw error;
  }
}

/** intent=buy|subscribe (asset_id): off to the checkout page; intent=cancel (asset_id): the plan ends. */
export async function submitShop(request: Request, context: Context, url: URL): Promise<ShopActionResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  const assetId = Number(form.get('asset_id'));
  if (!Number.isSafeInteger(assetId) || assetId <= 0) return { status: 'failed', code: ResponseCode.InvalidParameter };
  const api = apiFor(request, context);
  const back = sameOriginReturnTarget(String(form.get('return') ?? '')) ?? SHOP_PATH;
  try {
    if (intent === 'buy' || intent === 'subscribe') {
      const { checkout_url } = await startCheckout(api, {
        asset_id: assetId,
        path: back,
        plan: intent === 'subscribe',
      });
      throw redirect(checkout_url, 303);
    }
    if (intent === 'cancel') {
      const { finish_datetime } = await cancelPlan(api, { asset_id: assetId });
      return { status: 'canceled', finishDatetime: finish_datetime };
    }
    return { status: 'failed', code: ResponseCode.InvalidParameter };
  } catch (error) {
    if (error instanceof Response) throw error;
    onSessionGone(error, context, `${url.pathname}${url.search}`);
    return { status: 'failed', code: accountErrorCode(error) };
  }
}

export async function loadTestCheckout(request: Request, context: Context, url: URL): Promise<TestCheckoutData | null> {
  const sessionId = url.searchParams.get('session_id') ?? '';
  if (sessionId === '' || sessionId.length > 80) return null;
  try {
    const session = await getTestCheckout(apiFor(request, context), { session_id: sessionId });
    return {
      sessionId,
      name: session.name,
      priceText: session.price_text,
      mode: session.mode,
      cancelUrl: checkoutReturnPath(session.cancel_url) ?? SHOP_PATH,
    };
  } catch (error) {
    onSessionGone(error, context, `${url.pathname}${url.search}`);
    if (responseCodeOf(error) === ResponseCode.InvalidParameter) return null;
    handleApiError(error);
    throw error;
  }
}

export async function submitTestCheckout(request: Request, context: Context, url: URL): Promise<TestPayResult> {
  const form = await request.formData();
  try {
    const result = await payTestCheckout(apiFor(request, context), {
      session_id: String(form.get('session_id') ?? '').slice(0, 80),
      card_number: String(form.get('card_number') ?? '').slice(0, 40),
    });
    if (result.result !== 1) return { status: 'declined' };
    throw redirect(checkoutReturnPath(result.redirect_url) ?? SHOP_PATH, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    onSessionGone(error, context, `${url.pathname}${url.search}`);
    return { status: 'failed', code: accountErrorCode(error) };
  }
}

/** The result screen: status 1 (paid) or 2 (canceled), the balance now, and where to go back to. */
export async function loadResult(request: Request, context: Context, url: URL) {
  const status = url.searchParams.get('status') === '1' ? (1 as const) : (2 as const);
  let balance: number | null = null;
  try {
    const point = await getAccountPoint(apiFor(request, context));
    balance = point.point.paid_point + point.point.free_point;
  } catch (error) {
    onSessionGone(error, context, `${url.pathname}${url.search}`);
    handleApiError(error);
    throw error;
  }
  return { status, balance, returnPath: sameOriginReturnTarget(url.searchParams.get('return')) ?? null };
}
