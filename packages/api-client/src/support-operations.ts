import {
  type ShopProductAddRequest,
  type ShopProductListResponse,
  ShopProductListResponseSchema,
  type ShopProductResponse,
  ShopProductResponseSchema,
  type ShopProductSetRequest,
  type SupportGrantResponse,
  SupportGrantResponseSchema,
  type SupportLedgerResponse,
  SupportLedgerResponseSchema,
  type SupportReaderResponse,
  SupportReaderResponseSchema,
  type SupportSearchResponse,
  SupportSearchResponseSchema,
  type SupportSessionEndResponse,
  SupportSessionEndResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';

// Support and the shop in the console (ADR 063): support and admins, and product.edit (editors,
// admins); to anyone else every call answers 404 (ApiError 1002).

type Form<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] : T[K] | number };

export interface SupportOperations {
  /** GET /ops/support/reader/search */
  searchSupportReaders(params: { email: string }): Promise<SupportSearchResponse>;
  /** GET /ops/support/reader */
  getSupportReader(params: { user_id: number }): Promise<SupportReaderResponse>;
  /** GET /ops/support/reader/ledger */
  listSupportLedger(params: { user_id: number; limit?: number; offset?: number }): Promise<SupportLedgerResponse>;
  /** POST /ops/support/grant/point (once per request_key) */
  grantSupportPoints(params: {
    user_id: number;
    amount: number;
    paid?: 0 | 1;
    reason: string;
    request_key: string;
  }): Promise<SupportGrantResponse>;
  /** POST /ops/support/grant/ticket (once per request_key) */
  grantSupportTickets(params: {
    user_id: number;
    count: number;
    reason: string;
    request_key: string;
  }): Promise<SupportGrantResponse>;
  /** POST /ops/support/session/end */
  endSupportSessions(params: { user_id: number; reason: string }): Promise<SupportSessionEndResponse>;
  /** GET /ops/shop/product/list */
  listShopProducts(): Promise<ShopProductListResponse>;
  /** POST /ops/shop/product/set */
  setShopProduct(params: Form<ShopProductSetRequest>): Promise<ShopProductResponse>;
  /** POST /ops/shop/product/add */
  addShopProduct(params: Form<ShopProductAddRequest>): Promise<ShopProductResponse>;
}

export function supportOperations(client: ApiClient): SupportOperations {
  const grant = { schema: SupportGrantResponseSchema };
  const product = { schema: ShopProductResponseSchema };
  return {
    searchSupportReaders: (params) =>
      client.call(
        'searchSupportReaders',
        'GET',
        '/ops/support/reader/search',
        { ...params },
        { schema: SupportSearchResponseSchema },
      ),
    getSupportReader: (params) =>
      client.call(
        'getSupportReader',
        'GET',
        '/ops/support/reader',
        { ...params },
        { schema: SupportReaderResponseSchema },
      ),
    listSupportLedger: (params) =>
      client.call(
        'listSupportLedger',
        'GET',
        '/ops/support/reader/ledger',
        { ...params },
        { schema: SupportLedgerResponseSchema },
      ),
    grantSupportPoints: (params) =>
      client.call('grantSupportPoints', 'POST', '/ops/support/grant/point', { ...params }, grant),
    grantSupportTickets: (params) =>
      client.call('grantSupportTickets', 'POST', '/ops/support/grant/ticket', { ...params }, grant),
    endSupportSessions: (params) =>
      client.call(
        'endSupportSessions',
        'POST',
        '/ops/support/session/end',
        { ...params },
        { schema: SupportSessionEndResponseSchema },
      ),
    listShopProducts: () =>
      client.call('listShopProducts', 'GET', '/ops/shop/product/list', {}, { schema: ShopProductListResponseSchema }),
    setShopProduct: (params) => client.call('setShopProduct', 'POST', '/ops/shop/product/set', { ...params }, product),
    addShopProduct: (params) => client.call('addShopProduct', 'POST', '/ops/shop/product/add', { ...params }, product),
  };
}
