import type { RouterContextProvider } from 'react-router';
import { clearSessionCookie } from '#app/features/account/account-api.server.ts';
import {
  PURCHASE_INTENT_FIELD,
  type PurchaseActionResult,
  purchaseIntentOf,
} from '#app/features/catalogue/purchase.ts';
import { submitPurchase } from '#app/features/catalogue/purchase-submit.server.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { submitFollow } from './follow.server.ts';
import type { FollowActionResult } from './follow.ts';

/** The title page's forms: buy, rent or catch up (the confirmation), else follow / unfollow. */
export async function submitTitleForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  titleId: number,
): Promise<FollowActionResult | PurchaseActionResult> {
  const form = await request.formData();
  return purchaseIntentOf(form.get(PURCHASE_INTENT_FIELD))
    ? submitPurchase(form, apiFor(request, context), titleId, () => clearSessionCookie(visitorOf(context)))
    : submitFollow(form, request, context, titleId);
}
