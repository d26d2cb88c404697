// The console's shop products on the wire (ADR 063): a product row in its wire names.
import type { ShopProduct } from '@manga/contracts';
import type { ProductRow } from '#src/repositories/payment.repository.ts';

export function toShopProduct(row: ProductRow): ShopProduct {
  return {
    product_id: row.id,
    kind: row.kind,
    region: row.region,
    currency: row.currency,
    price: row.price_minor,
    points: row.paid_point,
    bonus: row.bonus_point,
    monthly_bonus: row.monthly_bonus_point,
    tickets: row.premium_ticket_num,
    price_id: row.provider_price_id,
    name_en: row.name_en,
    name_ja: row.name_ja,
    active: row.active,
    sort: row.sort_order,
  };
}
