import { z } from 'zod';
import { successEnvelopeShape } from './envelope.schemas.ts';
import { OPS_REASON_MAX_LENGTH } from './ops.schemas.ts';
import { IntFlagParamSchema, IntParamSchema } from './params.schemas.ts';

// The shop's products in the console (issue 26, ADR 063): under /ops/shop/*, for the roles with the
// `product.edit` permission (admin, editor); everyone else gets the answer of an unknown path (HTTP
// 404, code 1002). The same ProductService as `npm run products` checks the values; prices are in
// minor units (cents, yen) and the currency follows the region (US usd, JP jpy).

export const SHOP_REGIONS = ['US', 'JP'] as const;
export const SHOP_CURRENCIES = ['usd', 'jpy'] as const;
export const PRODUCT_KINDS = ['point_pack', 'subscription'] as const;

/**
 * The ranges of a product's whole-number fields (minor units for `price`), checked by the API's
 * ProductService (a value outside is 400 / 1001) and drawn by the console's form.
 */
export const PRODUCT_FIELD_RANGES = {
  price: { min: 1, max: 10_000_000 },
  points: { min: 1, max: 1_000_000 },
  bonus: { min: 0, max: 1_000_000 },
  monthly_bonus: { min: 0, max: 1_000_000 },
  tickets: { min: 0, max: 100 },
  sort: { min: 0, max: 10_000 },
} as const;
export type ProductNumberField = keyof typeof PRODUCT_FIELD_RANGES;

/** A product's names (English, Japanese): 1 to this many characters after trimming. */
export const PRODUCT_NAME_MAX_LENGTH = 80;

/** A Stripe price id, or empty (the embedded test provider needs none). */
export const PRODUCT_PRICE_ID_PATTERN = /^price_[A-Za-z0-9]{1,80}$/;

const ProductReasonSchema = z.string().trim().min(1, 'a reason is required').max(OPS_REASON_MAX_LENGTH);
const NameSchema = z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH);

/** What a change may set; every field optional, at least one given (the service says so). */
const productFieldsShape = {
  price: IntParamSchema.optional(),
  points: IntParamSchema.optional(),
  bonus: IntParamSchema.optional(),
  monthly_bonus: IntParamSchema.optional(),
  tickets: IntParamSchema.optional(),
  sort: IntParamSchema.optional(),
  name_en: NameSchema.optional(),
  name_ja: NameSchema.optional(),
  /** A Stripe price id (price_…) or empty. */
  price_id: z.string().trim().max(100).optional(),
  active: IntFlagParamSchema.optional(),
  /** When given, the region's currency (a product's currency is its region's). */
  currency: z.enum(SHOP_CURRENCIES, { message: `currency is one of ${SHOP_CURRENCIES.join(', ')}` }).optional(),
  reason: ProductReasonSchema,
};

/** POST /ops/shop/product/set */
export const ShopProductSetRequestSchema = z.object({ product_id: IntParamSchema, ...productFieldsShape });
export type ShopProductSetRequest = z.input<typeof ShopProductSetRequestSchema>;

/** POST /ops/shop/product/add: `price` and `points` required. */
export const ShopProductAddRequestSchema = z.object({
  kind: z.enum(PRODUCT_KINDS),
  region: z.enum(SHOP_REGIONS),
  ...productFieldsShape,
});
export type ShopProductAddRequest = z.input<typeof ShopProductAddRequestSchema>;

export const ShopProductSchema = z.strictObject({
  product_id: z.int(),
  kind: z.string(),
  region: z.string(),
  currency: z.string(),
  price: z.int(),
  points: z.int(),
  bonus: z.int(),
  monthly_bonus: z.int(),
  tickets: z.int(),
  price_id: z.string(),
  name_en: z.string(),
  name_ja: z.string(),
  active: z.int(),
  sort: z.int(),
});
export type ShopProduct = z.infer<typeof ShopProductSchema>;

/** GET /ops/shop/product/list: every product, active and inactive, by region and sort order. */
export const ShopProductListResponseSchema = z.strictObject({
  ...successEnvelopeShape,
  product_list: z.array(ShopProductSchema),
});
export type ShopProductListResponse = z.infer<typeof ShopProductListResponseSchema>;

/** POST /ops/shop/product/set and /add: the product after the change. */
export const ShopProductResponseSchema = z.strictObject({ ...successEnvelopeShape, product: ShopProductSchema });
export type ShopProductResponse = z.infer<typeof ShopProductResponseSchema>;
