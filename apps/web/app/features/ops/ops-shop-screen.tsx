import {
  PRODUCT_FIELD_RANGES,
  PRODUCT_KINDS,
  type ProductNumberField,
  SHOP_REGIONS,
  type ShopProduct,
} from '@manga/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { FieldErrorText } from '#app/components/ui/form-error.tsx';
import type { ShopFormField } from './ops.ts';
import {
  ActionDisclosure,
  ActionFeedback,
  ChoiceCard,
  EmptyList,
  FormBesideList,
  FormPanel,
  fieldClass,
  OpsFrame,
  ReasonField,
  SubmitButton,
} from './ops-frame.tsx';
import { formatMinorPrice, PRODUCT_NUMBER_FIELDS, type ShopActionResult, type ShopData } from './shop.ts';

// The shop screen (`/ops/shop`, editors and admins, ADR 063): the products of each region, each
// changed in a form under it, and a form to add one. Every change needs a reason (the audit log's).

function settled(fetcher: { state: string; data?: ShopActionResult }) {
  return fetcher.state === 'idle' ? fetcher.data : undefined;
}

function errorOf(result: ShopActionResult | undefined, name: ShopFormField): string | undefined {
  return result?.status === 'invalid' ? result.errors?.[name] : undefined;
}

/** The result as ReasonField reads it: the reason's error whichever field went wrong first. */
function forReason(result: ShopActionResult | undefined): ShopActionResult | undefined {
  const key = result?.status === 'invalid' ? result.errors?.reason : undefined;
  return result?.status === 'invalid' && key ? { ...result, error: { field: 'reason', key } } : result;
}

/** A whole-number field with its range under it (and its error, from the action). */
function NumberField({
  id,
  name,
  defaultValue,
  required,
  result,
}: {
  id: string;
  name: ProductNumberField;
  defaultValue: number | undefined;
  required: boolean;
  result: ShopActionResult | undefined;
}) {
  const { t } = useTranslation();
  const { min, max } = PRODUCT_FIELD_RANGES[name];
  const error = errorOf(result, name);
  const fieldId = `${id}-${name}`;
  return (
    <div>
      <label htmlFor={fieldId} className="block text-xs font-bold text-zinc-700">
        {t(`shop_console.fields.${name}`)}
      </label>
      <input
        id={fieldId}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-range${error ? ` ${fieldId}-error` : ''}`}
        className={`${fieldClass} mt-1 h-10`}
      />
      <p id={`${fieldId}-range`} className="mt-0.5 text-[11px] text-zinc-500">
        {t('shop_console.range', { min, max })}
      </p>
      <FieldErrorText id={`${fieldId}-error`} error={error} />
    </div>
  );
}

function TextField({
  id,
  name,
  defaultValue,
  required,
  maxLength,
  hint,
  result,
  lang,
}: {
  id: string;
  name: 'name_en' | 'name_ja' | 'price_id';
  defaultValue: string | undefined;
  required: boolean;
  maxLength: number;
  hint?: string;
  result: ShopActionResult | undefined;
  lang?: string;
}) {
  const { t } = useTranslation();
  const error = errorOf(result, name);
  const fieldId = `${id}-${name}`;
  const described = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={fieldId} className="block text-xs font-bold text-zinc-700">
        {t(`shop_console.fields.${name}`)}
      </label>
      <input
        id={fieldId}
        name={name}
        required={required}
        maxLength={maxLength}
        defaultValue={defaultValue}
        lang={lang}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${fieldClass} mt-1 h-10`}
      />
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-0.5 text-[11px] text-zinc-500">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${fieldId}-error`} error={error} />
    </div>
  );
}

/** The fields both forms share: the numbers, the names, the Stripe price id, on sale, the reason. */
function ProductFields({
  id,
  product,
  result,
}: {
  id: string;
  product: ShopProduct | undefined;
  result: ShopActionResult | undefined;
}) {
  const { t } = useTranslation();
  const adding = product === undefined;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        {PRODUCT_NUMBER_FIELDS.map((name) => (
          <NumberField
            key={name}
            id={id}
            name={name}
            required={!adding || name === 'price' || name === 'points'}
            defaultValue={
              product ? productNumber(product, name) : name === 'price' || name === 'points' ? undefined : 0
            }
            result={result}
          />
        ))}
      </div>
      <TextField
        id={id}
        name="name_en"
        defaultValue={product?.name_en}
        required={!adding}
        maxLength={80}
        hint={adding ? t('shop_console.name_default') : undefined}
        result={result}
        lang="en"
      />
      <TextField
        id={id}
        name="name_ja"
        defaultValue={product?.name_ja}
        required={!adding}
        maxLength={80}
        hint={adding ? t('shop_console.name_default') : undefined}
        result={result}
        lang="ja"
      />
      <TextField
        id={id}
        name="price_id"
        defaultValue={product?.price_id}
        required={false}
        maxLength={100}
        hint={t('shop_console.price_id_hint')}
        result={result}
      />
      <label className="flex items-center gap-2 text-sm font-bold text-ink">
        <input
          type="checkbox"
          name="active"
          value="1"
          defaultChecked={product ? product.active === 1 : true}
          className="size-4 accent-brand-600"
        />
        {t('shop_console.fields.active')}
      </label>
      <ReasonField id={`${id}-reason`} required result={forReason(result)} />
    </>
  );
}

function productNumber(product: ShopProduct, name: ProductNumberField): number {
  return product[name];
}

function EditProductForm({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopActionResult>();
  const id = useId();
  const result = settled(fetcher);
  return (
    <fetcher.Form method="post" className="grid gap-3" data-testid="shop-edit-form" noValidate>
      <input type="hidden" name="intent" value="set_product" />
      <input type="hidden" name="product_id" value={product.product_id} />
      <p className="text-xs text-zinc-600">
        {t('shop_console.currency_fixed', { currency: product.currency.toUpperCase(), region: product.region })}
      </p>
      <ProductFields id={id} product={product} result={result} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={fetcher.state !== 'idle'}>{t('shop_console.save')}</SubmitButton>
        <ActionFeedback result={result} doneKey="shop_console.saved" />
      </div>
    </fetcher.Form>
  );
}

function AddProductForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShopActionResult>();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const result = settled(fetcher);
  useEffect(() => {
    if (result?.status === 'done') formRef.current?.reset();
  }, [result]);
  const kindError = errorOf(result, 'kind');
  const regionError = errorOf(result, 'region');
  return (
    <FormPanel heading={t('shop_console.add_heading')} lead={t('shop_console.add_lead')}>
      <fetcher.Form ref={formRef} method="post" className="mt-4 grid gap-4" data-testid="shop-add" noValidate>
        <input type="hidden" name="intent" value="add_product" />
        <fieldset aria-describedby={kindError ? `${id}-kind-error` : undefined}>
          <legend className="text-xs font-bold text-zinc-700">{t('shop_console.fields.kind')}</legend>
          <div className="mt-1.5 grid gap-2">
            {PRODUCT_KINDS.map((kind) => (
              <ChoiceCard
                key={kind}
                name="kind"
                value={kind}
                required
                label={t(`shop_console.kinds.${kind}`)}
                hint={t(`shop_console.kind_hints.${kind}`)}
              />
            ))}
          </div>
          <FieldErrorText id={`${id}-kind-error`} error={kindError} />
        </fieldset>
        <fieldset aria-describedby={regionError ? `${id}-region-error` : undefined}>
          <legend className="text-xs font-bold text-zinc-700">{t('shop_console.fields.region')}</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            {SHOP_REGIONS.map((region) => (
              <ChoiceCard
                key={region}
                name="region"
                value={region}
                required
                label={t(`shop_console.regions.${region}`)}
                hint={t(`shop_console.region_hints.${region}`)}
              />
            ))}
          </div>
          <FieldErrorText id={`${id}-region-error`} error={regionError} />
        </fieldset>
        <ProductFields id={id} product={undefined} result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'}>{t('shop_console.add_submit')}</SubmitButton>
          <ActionFeedback result={result} doneKey="shop_console.added" />
        </div>
      </fetcher.Form>
    </FormPanel>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-[11px] font-bold text-zinc-500">{label}</dt>
      <dd className="text-sm font-semibold break-all text-ink">{value}</dd>
    </div>
  );
}

function ProductItem({ product }: { product: ShopProduct }) {
  const { t, i18n } = useTranslation();
  const active = product.active === 1;
  return (
    <li className="px-4 py-3.5 sm:px-5" data-testid="shop-product" data-product-id={product.product_id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-base font-bold break-words text-ink" data-testid="shop-product-name">
            {product.name_en}
          </p>
          <p lang="ja" className="text-sm break-words text-zinc-600">
            {product.name_ja}
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-1.5">
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-[11px] font-bold text-zinc-700">
            {t(`shop_console.kinds.${product.kind}`, { defaultValue: product.kind })}
          </span>
          <span
            className={`rounded-full px-2 py-0.5 text-[11px] font-bold ring-1 ${active ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-800 ring-amber-200'}`}
            data-testid="shop-product-state"
          >
            {t(active ? 'shop_console.on_sale' : 'shop_console.off_sale')}
          </span>
          <span className="font-mono text-[11px] text-zinc-500">#{product.product_id}</span>
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Fact
          label={t('shop_console.facts.price')}
          value={formatMinorPrice(product.price, product.currency, i18n.language)}
        />
        <Fact label={t('shop_console.fields.points')} value={product.points} />
        <Fact label={t('shop_console.fields.bonus')} value={product.bonus} />
        {product.kind === 'subscription' ? (
          <Fact label={t('shop_console.fields.monthly_bonus')} value={product.monthly_bonus} />
        ) : null}
        <Fact label={t('shop_console.fields.tickets')} value={product.tickets} />
        <Fact label={t('shop_console.fields.sort')} value={product.sort} />
        <Fact label={t('shop_console.facts.price_id')} value={product.price_id || t('shop_console.none')} />
      </dl>
      <div className="mt-3">
        <ActionDisclosure label={t('shop_console.edit')} testId="shop-edit">
          <EditProductForm product={product} />
        </ActionDisclosure>
      </div>
    </li>
  );
}

/** `/ops/shop`: the products of each region, a change form under each, and a form to add one. */
export function OpsShopScreen({ data }: { data: ShopData }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <OpsFrame screen="shop" operator={data.operator}>
      <FormBesideList form={<AddProductForm />}>
        <div className="grid gap-8">
          {data.regions.map((region) => (
            <section key={region.region} aria-labelledby={`${id}-${region.region}`} data-testid="shop-region">
              <h2 id={`${id}-${region.region}`} className="mb-3 text-lg font-extrabold text-ink">
                {t('shop_console.region_heading', {
                  region: t(`shop_console.regions.${region.region}`),
                  currency: region.currency.toUpperCase(),
                  count: region.products.length,
                })}
              </h2>
              {region.products.length === 0 ? (
                <EmptyList>{t('shop_console.empty')}</EmptyList>
              ) : (
                <ul className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white">
                  {region.products.map((product) => (
                    <ProductItem key={product.product_id} product={product} />
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </FormBesideList>
    </OpsFrame>
  );
}
