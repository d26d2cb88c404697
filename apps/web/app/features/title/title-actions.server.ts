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
import { FOLLOW_INTENT_FIELD, type FollowActionResult } from './follow.ts';
import { submitTitleAlert } from './title-alert.server.ts';
import { TITLE_ALERT_INTENT, type TitleAlertActionResult } from './title-alert.ts';

/** The title page's forms: buy, rent or catch up (the confirmation), the alert switch, else follow / unfollow. */
export async function submitTitleForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  titleId: number,
): Promise<FollowActionResult | PurchaseActionResult | TitleAlertActionResult> {
  const form = await request.formData();
  if (purchaseIntentOf(form.get(PURCHASE_INTENT_FIELD))) {
    return submitPurchase(form, apiFor(request, context), titleId, () => clearSessionCookie(visitorOf(context)));
  }
  return form.get(FOLLOW_INTENT_FIELD) === TITLE_ALERT_INTENT
    ? submitTitleAlert(form, request, context, titleId)
    : submitFollow(form, request, context, titleId);
}
