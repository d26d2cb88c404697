// Support and the shop in the console (issue 26, ADR 063): /ops/support/* for the reader.* permissions
// (support, admin), /ops/shop/* for product.edit (admin, editor). Hidden like every console path
// (guardStaffRoutes): anyone else gets the answer of an unknown path before a parameter is read.
import {
  ResponseCode,
  ShopProductAddRequestSchema,
  ShopProductListResponseSchema,
  ShopProductResponseSchema,
  ShopProductSetRequestSchema,
  StaffPermission,
  SupportGrantResponseSchema,
  SupportLedgerQuerySchema,
  SupportLedgerResponseSchema,
  SupportPointGrantRequestSchema,
  SupportReaderQuerySchema,
  SupportReaderResponseSchema,
  SupportSearchQuerySchema,
  SupportSearchResponseSchema,
  SupportSessionEndRequestSchema,
  SupportSessionEndResponseSchema,
  SupportTicketGrantRequestSchema,
} from '@manga/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardStaffRoutes, staffOf } from '#src/http/staff-guard.http.ts';
import { toShopProduct } from '#src/mappers/shop-product.mapper.ts';
import { ok } from '#src/plugins/envelope.plugin.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import { ProductError, productChangesOf } from '#src/services/product.service.ts';

const tags = ['ops'];
const hide = true;
const read = { staffPermission: StaffPermission.ReaderRead };
const grant = { staffPermission: StaffPermission.ReaderGrant };
const endSessions = { staffPermission: StaffPermission.ReaderSessionEnd };
const shop = { staffPermission: StaffPermission.ProductEdit };

export const opsSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support, products } = app.container.services;
  guardStaffRoutes(app);

  app.get(
    '/ops/support/reader/search',
    {
      config: read,
      schema: {
        hide,
        operationId: 'searchSupportReaders',
        tags,
        querystring: SupportSearchQuerySchema,
        response: { 200: SupportSearchResponseSchema },
      },
    },
    async (request) => ok(await support.searchReaders(request.auth, request.query.email)),
  );

  app.get(
    '/ops/support/reader',
    {
      config: read,
      schema: {
        hide,
        operationId: 'getSupportReader',
        tags,
        querystring: SupportReaderQuerySchema,
        response: { 200: SupportReaderResponseSchema },
      },
    },
    async (request) => ok(await support.getReader(request.auth, request.query.user_id)),
  );

  app.get(
    '/ops/support/reader/ledger',
    {
      config: read,
      schema: {
        hide,
        operationId: 'listSupportLedger',
        tags,
        querystring: SupportLedgerQuerySchema,
        response: { 200: SupportLedgerResponseSchema },
      },
    },
    async (request) => ok(await support.listLedger(request.auth, request.query)),
  );

  app.post(
    '/ops/support/grant/point',
    {
      config: grant,
      schema: {
        hide,
        operationId: 'grantSupportPoints',
        tags,
        body: SupportPointGrantRequestSchema,
        response: { 200: SupportGrantResponseSchema },
      },
    },
    async (request) => ok(await support.grantPoints(request.auth, request.body)),
  );

  app.post(
    '/ops/support/grant/ticket',
    {
      config: grant,
      schema: {
        hide,
        operationId: 'grantSupportTickets',
        tags,
        body: SupportTicketGrantRequestSchema,
        response: { 200: SupportGrantResponseSchema },
      },
    },
    async (request) => ok(await support.grantTickets(request.auth, request.body)),
  );

  app.post(
    '/ops/support/session/end',
    {
      config: endSessions,
      schema: {
        hide,
        operationId: 'endSupportSessions',
        tags,
        body: SupportSessionEndRequestSchema,
        response: { 200: SupportSessionEndResponseSchema },
      },
    },
    async (request) => ok(await support.endSessions(request.auth, request.body)),
  );

  app.get(
    '/ops/shop/product/list',
    {
      config: shop,
      schema: { hide, operationId: 'listShopProducts', tags, response: { 200: ShopProductListResponseSchema } },
    },
    async () => ok({ product_list: (await products.list()).map(toShopProduct) }),
  );

  app.post(
    '/ops/shop/product/set',
    {
      config: shop,
      schema: {
        hide,
        operationId: 'setShopProduct',
        tags,
        body: ShopProductSetRequestSchema,
        response: { 200: ShopProductResponseSchema },
      },
    },
    async (request) => {
      const { product_id, reason, ...fields } = request.body;
      const actor = { via: 'console' as const, userId: staffOf(request).userId };
      return ok({
        product: toShopProduct(await refused(() => products.set(product_id, productChangesOf(fields), reason, actor))),
      });
    },
  );

  app.post(
    '/ops/shop/product/add',
    {
      config: shop,
      schema: {
        hide,
        operationId: 'addShopProduct',
        tags,
        body: ShopProductAddRequestSchema,
        response: { 200: ShopProductResponseSchema },
      },
    },
    async (request) => {
      const { kind, region, reason, ...fields } = request.body;
      const actor = { via: 'console' as const, userId: staffOf(request).userId };
      const product = await refused(() => products.add({ kind, region, ...productChangesOf(fields) }, reason, actor));
      return ok({ product: toShopProduct(product) });
    },
  );
};

/** ProductService's refusal (a value out of range, nothing to change) is the caller's 400 / 1001. */
async function refused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProductError) throw new DomainError(ResponseCode.InvalidParameter, error.message);
    throw error;
  }
}
