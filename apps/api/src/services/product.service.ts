// Products of the shop (ADR 019), edited on the command line (`npm run products`) and in the console's
// shop screen (ADR 063): validated here, written through PaymentRepository, and each change recorded
// in the audit log with who made it and the fields before and after.
import {
  AuditAction,
  AuditTarget,
  PRODUCT_FIELD_RANGES,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_ID_PATTERN,
  type ProductNumberField,
} from '@manga/contracts';
import type { ProductRow } from '#src/repositories/payment.repository.ts';

export class ProductError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProductError';
  }
}

export interface ProductStore {
  listProducts(filter: { region?: string; kind?: string; activeOnly: boolean }): Promise<ProductRow[]>;
  findProduct(id: number): Promise<ProductRow | undefined>;
  updateProduct(id: number, changes: Partial<Omit<ProductRow, 'id'>>): Promise<boolean>;
  insertProduct(row: Omit<ProductRow, 'id'>): Promise<number>;
}

export interface ProductAudit {
  insertAuditLog(entry: {
    actor_user_id: number | null;
    action: string;
    target_type: string;
    target_id: number;
    reason?: string;
    detail?: string;
    created_at: number;
  }): Promise<void>;
}

export interface ProductChanges {
  price?: number;
  points?: number;
  bonus?: number;
  monthlyBonus?: number;
  tickets?: number;
  active?: boolean;
  nameEn?: string;
  nameJa?: string;
  priceId?: string;
  sortOrder?: number;
  /** Only the region's own currency (usd for US, jpy for JP) is accepted. */
  currency?: string;
}

/** Who changes a product: a staff member in the console, or the server's command line. */
export type ProductActor = { via: 'console'; userId: number } | { via: 'cli' };

const REGION_CURRENCY: Readonly<Record<string, string>> = { US: 'usd', JP: 'jpy' };

export class ProductService {
  constructor(private readonly options: { store: ProductStore; audit: ProductAudit; clock: { now(): number } }) {}

  list(region?: string): Promise<ProductRow[]> {
    if (region !== undefined && region !== 'US' && region !== 'JP') throw new ProductError('--region is US or JP');
    return this.options.store.listProducts({ ...(region ? { region } : {}), activeOnly: false });
  }

  /** Changes a product; a price change applies to checkouts started afterwards only. */
  async set(
    id: number,
    changes: ProductChanges,
    reason: string,
    actor: ProductActor = { via: 'cli' },
  ): Promise<ProductRow> {
    const product = await this.options.store.findProduct(id);
    if (!product) throw new ProductError(`No product ${id}`);
    checkCurrency(product.region, changes.currency);
    const row = toRow(changes);
    if (Object.keys(row).length === 0) throw new ProductError('Nothing to change');
    const changed = (Object.keys(row) as (keyof typeof row)[]).filter((key) => row[key] !== product[key]);
    if (changed.length === 0) return product;
    await this.options.store.updateProduct(id, row);
    const before = Object.fromEntries(changed.map((key) => [key, product[key]]));
    const after = Object.fromEntries(changed.map((key) => [key, row[key]]));
    await this.audit(actor, AuditAction.ProductSet, id, reason, { via: actor.via, before, after });
    return (await this.options.store.findProduct(id)) ?? product;
  }

  async add(
    input: { kind: 'point_pack' | 'subscription'; region: 'US' | 'JP' } & ProductChanges,
    reason: string,
    actor: ProductActor = { via: 'cli' },
  ): Promise<ProductRow> {
    if (input.region !== 'US' && input.region !== 'JP') throw new ProductError('region is US or JP');
    if (input.kind !== 'point_pack' && input.kind !== 'subscription') {
      throw new ProductError('kind is point_pack or subscription');
    }
    checkCurrency(input.region, input.currency);
    const row = toRow(input);
    if (row.price_minor === undefined || row.paid_point === undefined)
      throw new ProductError('--price and --points are required');
    const id = await this.options.store.insertProduct({
      kind: input.kind,
      region: input.region,
      currency: input.region === 'JP' ? 'jpy' : 'usd',
      price_minor: row.price_minor,
      paid_point: row.paid_point,
      bonus_point: row.bonus_point ?? 0,
      monthly_bonus_point: row.monthly_bonus_point ?? 0,
      premium_ticket_num: row.premium_ticket_num ?? 0,
      provider_price_id: row.provider_price_id ?? '',
      name_en: row.name_en ?? `${row.paid_point} points`,
      name_ja: row.name_ja ?? `${row.paid_point}ポイント`,
      active: row.active ?? 1,
      sort_order: row.sort_order ?? 0,
    });
    const product = await this.options.store.findProduct(id);
    if (!product) throw new ProductError('product not recorded');
    const { id: _id, ...after } = product;
    await this.audit(actor, AuditAction.ProductAdd, id, reason, { via: actor.via, before: null, after });
    return product;
  }

  private audit(actor: ProductActor, action: string, id: number, reason: string, detail: object) {
    return this.options.audit.insertAuditLog({
      actor_user_id: actor.via === 'console' ? actor.userId : null,
      action,
      target_type: AuditTarget.Product,
      target_id: id,
      reason,
      detail: JSON.stringify(detail),
      created_at: this.options.clock.now(),
    });
  }
}

function checkCurrency(region: string, currency: string | undefined): void {
  if (currency === undefined) return;
  if (REGION_CURRENCY[region] !== currency) {
    throw new ProductError(
      `currency of a ${region} product is ${REGION_CURRENCY[region] ?? 'unknown'}, not ${currency}`,
    );
  }
}

function whole(value: number | undefined, field: ProductNumberField, name: string): number | undefined {
  if (value === undefined) return undefined;
  const { min, max } = PRODUCT_FIELD_RANGES[field];
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ProductError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function text(value: string | undefined, name: string, max = PRODUCT_NAME_MAX_LENGTH): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > max) throw new ProductError(`${name} must be 1–${max} characters`);
  return trimmed;
}

function toRow(changes: ProductChanges): Partial<Omit<ProductRow, 'id'>> {
  const row: Partial<Omit<ProductRow, 'id'>> = {};
  const set = <K extends keyof typeof row>(key: K, value: (typeof row)[K] | undefined) => {
    if (value !== undefined) row[key] = value;
  };
  set('price_minor', whole(changes.price, 'price', '--price'));
  set('paid_point', whole(changes.points, 'points', '--points'));
  set('bonus_point', whole(changes.bonus, 'bonus', '--bonus'));
  set('monthly_bonus_point', whole(changes.monthlyBonus, 'monthly_bonus', '--monthly-bonus'));
  set('premium_ticket_num', whole(changes.tickets, 'tickets', '--tickets'));
  set('sort_order', whole(changes.sortOrder, 'sort', '--sort'));
  set('name_en', text(changes.nameEn, '--name-en'));
  set('name_ja', text(changes.nameJa, '--name-ja'));
  if (changes.priceId !== undefined) {
    if (changes.priceId !== '' && !PRODUCT_PRICE_ID_PATTERN.test(changes.priceId)) {
      throw new ProductError('--price-id is a Stripe price id (price_…) or empty');
    }
    row.provider_price_id = changes.priceId;
  }
  if (changes.active !== undefined) row.active = changes.active ? 1 : 0;
  return row;
}

/** The console's form fields (wire names, ADR 063) as the changes the command line makes. */
export function productChangesOf(fields: {
  price?: number;
  points?: number;
  bonus?: number;
  monthly_bonus?: number;
  tickets?: number;
  sort?: number;
  name_en?: string;
  name_ja?: string;
  price_id?: string;
  active?: number;
  currency?: string;
}): ProductChanges {
  return {
    price: fields.price,
    points: fields.points,
    bonus: fields.bonus,
    monthlyBonus: fields.monthly_bonus,
    tickets: fields.tickets,
    sortOrder: fields.sort,
    nameEn: fields.name_en,
    nameJa: fields.name_ja,
    priceId: fields.price_id,
    active: fields.active === undefined ? undefined : fields.active === 1,
    currency: fields.currency,
  };
}
