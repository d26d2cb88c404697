import { type ApiClient, moderationOperations, responseCodeOf, supportOperations } from '@manga/api-client';
import { ResponseCode } from '@manga/contracts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import type { OpsIntent } from './ops.ts';
import { checkProductAdd, checkProductChange, type ShopActionResult, type ShopData, toShopRegions } from './shop.ts';

// The shop screen's loader and action (`/ops/shop`, ADR 063). The API decides who may: to anyone
// without `product.edit` (editors, admins) every call answers 1002 and the page is the 404 page.

async function asShopStaff<T>(call: Promise<T>, url: URL): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

const idOf = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : 0;

/** `/ops/shop`: every product of both regions, active or not. */
export async function loadShop(client: ApiClient, url: URL): Promise<ShopData> {
  const [{ operator }, list] = await Promise.all([
    asShopStaff(moderationOperations(client).getOperator(), url),
    asShopStaff(supportOperations(client).listShopProducts(), url),
  ]);
  return {
    operator: {
      userId: operator.user_id,
      email: operator.email,
      roles: operator.role_list,
      permissions: operator.permission_list,
    },
    regions: toShopRegions(list.product_list),
  };
}

/** The two forms: change one product (`set_product`, every field) or add one (`add_product`). */
export async function submitShopAction(client: ApiClient, request: Request, url: URL): Promise<ShopActionResult> {
  const api = supportOperations(client);
  const form = await request.formData();
  const intentText = form.get('intent');
  const intent: OpsIntent | undefined =
    intentText === 'set_product' || intentText === 'add_product' ? intentText : undefined;
  const productId = idOf(form.get('product_id'));
  const call = async (work: () => Promise<unknown>, targetId: number, as: OpsIntent): Promise<ShopActionResult> => {
    try {
      await work();
      return { status: 'done', intent: as, targetId };
    } catch (error) {
      const code = responseCodeOf(error);
      if (code === ResponseCode.ApiNotFound) notFound(url);
      if (code === ResponseCode.ServerMaintenance) handleApiError(error);
      if (code === ResponseCode.ServerError) console.error(`Console action ${as} failed`, error);
      return { status: 'failed', intent: as, targetId, code, message: error instanceof Error ? error.message : '' };
    }
  };
  if (intent === 'set_product') {
    const checked = checkProductChange(form);
    if (!checked.ok) {
      return { status: 'invalid', intent, targetId: productId, error: checked.first, errors: checked.errors };
    }
    return call(() => api.setShopProduct({ product_id: String(productId), ...checked.fields }), productId, intent);
  }
  if (intent === 'add_product') {
    const checked = checkProductAdd(form);
    if (!checked.ok) return { status: 'invalid', intent, targetId: 0, error: checked.first, errors: checked.errors };
    return call(() => api.addShopProduct(checked.fields), 0, intent);
  }
  return {
    status: 'failed',
    intent: 'set_product',
    targetId: 0,
    code: ResponseCode.InvalidParameter,
    message: 'unknown action',
  };
}
