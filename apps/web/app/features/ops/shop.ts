import {
  PRODUCT_FIELD_RANGES,
  PRODUCT_KINDS,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_ID_PATTERN,
  type ProductNumberField,
  SHOP_REGIONS,
  type ShopProduct,
} from '@manga/contracts';
import {
  checkReason,
  type OperatorView,
  type OpsActionResult,
  type OpsFieldError,
  type ShopFieldErrorKey,
  type ShopFormField,
} from './ops.ts';

// The shop screen of the console (`/ops/shop`, issue 26, ADR 063): the products by region and the
// checks of its two forms (change a product, add one) before the API is called. The ranges are the
// contracts' (PRODUCT_FIELD_RANGES), the same ProductService enforces; the API stays the judge.

export type ShopRegion = (typeof SHOP_REGIONS)[number];
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Every region's currency: a product's is its region's (ADR 063). */
export const REGION_CURRENCY: Readonly<Record<ShopRegion, string>> = { US: 'usd', JP: 'jpy' };

/** The whole-number fields, in the order the forms draw them. */
export const PRODUCT_NUMBER_FIELDS: readonly ProductNumberField[] = [
  'price',
  'points',
  'bonus',
  'monthly_bonus',
  'tickets',
  'sort',
];

export interface ShopRegionView {
  region: ShopRegion;
  currency: string;
  products: ShopProduct[];
}

export interface ShopData {
  operator: OperatorView;
  /** Both regions, each with its products (active and inactive) in the shop's order. */
  regions: ShopRegionView[];
}

/** Every wrong field of a form at once, the reason's too. */
export type ShopFieldErrors = Partial<Record<ShopFormField, ShopFieldErrorKey>> & {
  reason?: Extract<OpsFieldError, { field: 'reason' }>['key'];
};

/** A shop form's answer: the console's, with every field's error at once (`error` is the first). */
export type ShopActionResult = OpsActionResult & { errors?: ShopFieldErrors };

/** The products by region (the API's order kept within each). */
export function toShopRegions(products: readonly ShopProduct[]): ShopRegionView[] {
  return SHOP_REGIONS.map((region) => ({
    region,
    currency: REGION_CURRENCY[region],
    products: products.filter((product) => product.region === region),
  }));
}

/** A price in minor units (cents, yen) in the currency's own notation: 499 usd → "$4.99". */
export function formatMinorPrice(minor: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency}`;
  }
}

type FormValues = Pick<FormData, 'get'>;

function field(form: FormValues, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** What a product form sends, as the API's strings; `active` from the checkbox (absent is 0). */
export interface ProductFields {
  price?: string;
  points?: string;
  bonus?: string;
  monthly_bonus?: string;
  tickets?: string;
  sort?: string;
  name_en?: string;
  name_ja?: string;
  price_id?: string;
  active: '0' | '1';
  reason: string;
}

export type ProductFormCheck<T> =
  | { ok: true; fields: T }
  | { ok: false; errors: ShopFieldErrors; first: OpsFieldError };

/**
 * A product form's fields checked as the API would check their form (ADR 063): whole numbers in
 * their ranges, names of 1–80 characters, a Stripe price id or nothing, a reason. `required` are the
 * fields that may not be left empty (every number when a product is changed, price and points when
 * one is added; an empty name or price id of a new product takes the shop's default).
 */
function checkProductFields(
  form: FormValues,
  required: ReadonlySet<ProductNumberField | 'name_en' | 'name_ja'>,
): { fields: ProductFields; errors: ShopFieldErrors; reasonError: OpsFieldError | undefined } {
  const errors: ShopFieldErrors = {};
  const fields: ProductFields = { active: field(form, 'active') === '1' ? '1' : '0', reason: field(form, 'reason') };
  for (const name of PRODUCT_NUMBER_FIELDS) {
    const raw = field(form, name);
    if (raw === '') {
      if (required.has(name)) errors[name] = 'shop_console.errors.whole_number';
      continue;
    }
    if (!/^\d{1,9}$/.test(raw)) {
      errors[name] = 'shop_console.errors.whole_number';
      continue;
    }
    const value = Number(raw);
    const { min, max } = PRODUCT_FIELD_RANGES[name];
    if (value < min || value > max) errors[name] = 'shop_console.errors.range';
    else fields[name] = String(value);
  }
  for (const name of ['name_en', 'name_ja'] as const) {
    const raw = field(form, name);
    if (raw === '' && !required.has(name)) continue;
    if (raw === '' || raw.length > PRODUCT_NAME_MAX_LENGTH) errors[name] = 'shop_console.errors.name';
    else fields[name] = raw;
  }
  const priceId = field(form, 'price_id');
  if (priceId !== '' && !PRODUCT_PRICE_ID_PATTERN.test(priceId)) errors.price_id = 'shop_console.errors.price_id';
  else fields.price_id = priceId;
  return { fields, errors, reasonError: checkReason(fields.reason, true) };
}

function firstError(errors: ShopFieldErrors, reasonError: OpsFieldError | undefined): OpsFieldError | undefined {
  const [name, key] = Object.entries(errors).find(([field]) => field !== 'reason') ?? [];
  if (name && key) return { field: name as ShopFormField, key: key as ShopFieldErrorKey };
  return reasonError;
}

function withReason(errors: ShopFieldErrors, reasonError: OpsFieldError | undefined): ShopFieldErrors {
  return reasonError?.field === 'reason' ? { ...errors, reason: reasonError.key } : errors;
}

const ALL_REQUIRED = new Set([...PRODUCT_NUMBER_FIELDS, 'name_en', 'name_ja'] as const);

/** The change form of one product: every field drawn filled in, so every field is sent. */
export function checkProductChange(form: FormValues): ProductFormCheck<ProductFields> {
  const { fields, errors, reasonError } = checkProductFields(form, ALL_REQUIRED);
  const first = firstError(errors, reasonError);
  return first ? { ok: false, errors: withReason(errors, reasonError), first } : { ok: true, fields };
}

/** The new product form: a kind, a region, a price and points at least. */
export function checkProductAdd(
  form: FormValues,
): ProductFormCheck<ProductFields & { kind: ProductKind; region: ShopRegion }> {
  const { fields, errors, reasonError } = checkProductFields(form, new Set(['price', 'points']));
  const kind = PRODUCT_KINDS.find((known) => known === field(form, 'kind'));
  const region = SHOP_REGIONS.find((known) => known === field(form, 'region'));
  const all: ShopFieldErrors = {
    ...(kind ? {} : { kind: 'shop_console.errors.choice' as const }),
    ...(region ? {} : { region: 'shop_console.errors.choice' as const }),
    ...errors,
  };
  const first = firstError(all, reasonError);
  if (first || !kind || !region) {
    return {
      ok: false,
      errors: withReason(all, reasonError),
      first: first ?? { field: 'kind', key: 'shop_console.errors.choice' },
    };
  }
  const { price_id, ...rest } = fields;
  // An empty price id of a new product is the default (none): not sent.
  return { ok: true, fields: { ...rest, ...(price_id ? { price_id } : {}), kind, region } };
}
