// The shop's page data and paths (ADR 019), shared by its loader, screens and PlanStatus.
import type { CurrentPlan, ShopAsset } from '@manga/contracts';

export const SHOP_PATH = '/my/shop';
export const SHOP_CHECKOUT_PATH = '/my/shop/checkout';
export const SHOP_RESULT_PATH = '/my/shop/result';

export type ShopTab = 'points' | 'plan';

export interface ShopPageData {
  tab: ShopTab;
  packs: ShopAsset[];
  plans: ShopAsset[];
  currentPlan: CurrentPlan | null;
  /** Points the reader holds now (paid + free). */
  balance: number;
  /** A same-origin path to come back to after buying, if the reader came from one. */
  returnPath: string | null;
}

export type ShopActionResult =
  | { status: 'failed'; code: number }
  | { status: 'canceled'; finishDatetime: string }
  | undefined;

export interface TestCheckoutData {
  sessionId: string;
  name: string;
  priceText: string;
  mode: string;
  cancelUrl: string;
}

export type TestPayResult = { status: 'declined' } | { status: 'failed'; code: number } | undefined;
