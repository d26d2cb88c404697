// Support and the shop in the console (issue 26, ADR 063) through app.inject on a real database
// (SQLite, and PostgreSQL under `npm run test:pg`): each role's allowed and refused calls (404 / 1002
// like an unknown path, nothing changed), a reader found by e-mail and shown without secrets, grants
// through the wallet with their audit rows and a form sent twice granting once, sessions ended, and
// the shop's products edited with bad input refused and nothing changed.
import {
  ResponseCode,
  type ShopProductListResponse,
  type ShopProductResponse,
  STAFF_ROLES,
  StaffRole,
  type SupportGrantResponse,
  type SupportLedgerResponse,
  type SupportReaderResponse,
  type SupportSearchResponse,
} from '@manga/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, createStaff, type Reader } from '#test/comments.ts';
import { balanceOf, ledgerAnomalies } from '#test/commerce.ts';

let t: TestApp;
const staffOf: Partial<Record<StaffRole, Reader>> = {};
let keyCounter = 0;
const freshKey = () => `form-key-${++keyCounter}-abcdef`;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) staffOf[role] = await createStaff(t, role);
});
afterAll(async () => {
  expect(await ledgerAnomalies(t.database.db)).toEqual([]);
  await t.close();
});

const STAFF_IP = '10.41.0.1';
const as = (role: StaffRole) => staffOf[role] as Reader;
const opsGet = (path: string, who: Reader | null) =>
  t.app.inject({ method: 'GET', url: path, headers: { cookie: who?.cookie ?? '' }, remoteAddress: STAFF_IP });
const opsPost = (path: string, body: Record<string, string>, who: Reader | null) =>
  post(t, path, body, { cookie: who?.cookie ?? '', remoteAddress: STAFF_IP });

function expectHidden(res: LightMyRequestResponse, method: string, path: string) {
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
  expect(res.json()).toMatchObject({
    response_code: ResponseCode.ApiNotFound,
    error_message: `no such API path: ${method} ${path}`,
  });
}

function expectInvalid(res: LightMyRequestResponse, pattern: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().response_code).toBe(ResponseCode.InvalidParameter);
  expect(res.json().error_message).toMatch(pattern);
}

const auditOf = (userId: number, action: string) =>
  t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', userId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();

/** Nothing secret of the reader: hashes, tokens, app keys, push and advertising ids, card data. */
async function expectNoSecrets(body: string, reader: Reader) {
  const row = await t.database.db
    .selectFrom('user')
    .selectAll()
    .where('id', '=', reader.user.id)
    .executeTakeFirstOrThrow();
  const tokens = await t.database.db
    .selectFrom('web_token')
    .select('token_hash')
    .where('user_id', '=', reader.user.id)
    .execute();
  const secrets = [row.password_hash, row.hash_key, ...tokens.map((token) => token.token_hash)].filter(Boolean);
  for (const secret of secrets) expect(body).not.toContain(secret as string);
  const cookieValue = reader.cookie.split(';')[0]?.split('=')[1] ?? '';
  if (cookieValue) expect(body).not.toContain(cookieValue);
  expect(body).not.toMatch(/password|hash_key|token_hash|fcm_token|advertising_id|card|\$argon|\$2[aby]\$/i);
}

describe('who may make which support and shop call', () => {
  const reads = [
    '/ops/support/reader/search?email=abc',
    '/ops/support/reader?user_id=1',
    '/ops/support/reader/ledger?user_id=1',
  ];
  const writes = ['/ops/support/grant/point', '/ops/support/grant/ticket', '/ops/support/session/end'];

  it.each(STAFF_ROLES)('lets a %s through to the calls of their role only', async (role) => {
    const maySupport = role === StaffRole.Admin || role === StaffRole.Support;
    const mayShop = role === StaffRole.Admin || role === StaffRole.Editor;
    for (const path of reads) {
      const res = await opsGet(path, as(role));
      if (maySupport) expect(res.statusCode, `${role} ${path}: ${res.body}`).not.toBe(404);
      else expectHidden(res, 'GET', path.split('?')[0] as string);
    }
    for (const path of writes) {
      if (!maySupport) expectHidden(await opsPost(path, {}, as(role)), 'POST', path);
    }
    const list = await opsGet('/ops/shop/product/list', as(role));
    if (mayShop) expect(list.statusCode, list.body).toBe(200);
    else expectHidden(list, 'GET', '/ops/shop/product/list');
  });

  it('answers guests and readers as an unknown path, and grants nothing to anyone refused', async () => {
    const reader = await createReader(t);
    const target = await createReader(t);
    const body = { user_id: String(target.user.id), amount: '100', reason: 'x', request_key: freshKey() };
    for (const who of [null, reader, as(StaffRole.Moderator), as(StaffRole.Editor), as(StaffRole.Analyst)]) {
      expectHidden(await opsPost('/ops/support/grant/point', body, who), 'POST', '/ops/support/grant/point');
      expectHidden(await opsGet('/ops/support/reader/search?email=a', who), 'GET', '/ops/support/reader/search');
    }
    for (const who of [null, reader, as(StaffRole.Support), as(StaffRole.Moderator), as(StaffRole.Analyst)]) {
      expectHidden(
        await opsPost('/ops/shop/product/set', { product_id: '1', price: '1', reason: 'x' }, who),
        'POST',
        '/ops/shop/product/set',
      );
    }
    expect(await balanceOf(t.database.db, target.user.id)).toEqual({ paid: 0, free: 0 });
  });
});

describe('support finds and shows a reader', () => {
  it('finds by exact address or prefix, case-insensitively, exact first', async () => {
    const a = await createReader(t, { email: 'kana.support@example.test' });
    const b = await createReader(t, { email: 'kana.support.second@example.test' });
    for (const query of ['KANA.SUPPORT@example.test', 'kana.support@example.test']) {
      const res = await opsGet(`/ops/support/reader/search?email=${encodeURIComponent(query)}`, as(StaffRole.Support));
      const list = (res.json() as SupportSearchResponse).reader_list;
      expect(list[0]?.user_id).toBe(a.user.id);
    }
    const res = await opsGet('/ops/support/reader/search?email=Kana.Sup', as(StaffRole.Support));
    expect((res.json() as SupportSearchResponse).reader_list.map((r) => r.user_id).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
    // LIKE's wildcards are only themselves.
    const wild = await opsGet('/ops/support/reader/search?email=%25%25%25', as(StaffRole.Support));
    expect((wild.json() as SupportSearchResponse).reader_list).toEqual([]);
    expectInvalid(await opsGet('/ops/support/reader/search?email=ka', as(StaffRole.Support)), /email/);
    await expectNoSecrets(res.body, a);
  });

  it('shows wallet, lots, ledger pages, sessions and devices, and never a secret', async () => {
    const reader = await createReader(t);
    await t.database.db
      .insertInto('device')
      .values({
        user_id: reader.user.id,
        original_uuid: 'uuid-support-1',
        device: 'Pixel 9',
        fcm_token: 'fcm-secret-token',
        advertising_id: 'ad-id-secret',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    for (const amount of [10, 20, 30]) {
      const res = await opsPost(
        '/ops/support/grant/point',
        {
          user_id: String(reader.user.id),
          amount: String(amount),
          reason: `Goodwill ${amount}`,
          request_key: freshKey(),
        },
        as(StaffRole.Support),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await opsGet(`/ops/support/reader?user_id=${reader.user.id}`, as(StaffRole.Support));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as SupportReaderResponse;
    expect(answer.reader).toMatchObject({ user_id: reader.user.id, email: reader.user.email });
    expect(answer.wallet).toMatchObject({ paid_point: 0, free_point: 60, premium_ticket_num: 0 });
    expect(answer.wallet.lot_list.map((lot) => lot.remaining)).toEqual([10, 20, 30]);
    expect(answer.session_list).toHaveLength(1);
    expect(answer.device_list[0]).toMatchObject({ device: 'Pixel 9' });
    expect(res.body).not.toContain('fcm-secret-token');
    expect(res.body).not.toContain('ad-id-secret');
    await expectNoSecrets(res.body, reader);

    const page1 = (
      await opsGet(`/ops/support/reader/ledger?user_id=${reader.user.id}&limit=2`, as(StaffRole.Support))
    ).json() as SupportLedgerResponse;
    expect(page1.ledger_list.map((e) => e.delta)).toEqual([30, 20]);
    expect(page1.has_next).toBe(1);
    const page2 = (
      await opsGet(`/ops/support/reader/ledger?user_id=${reader.user.id}&limit=2&offset=2`, as(StaffRole.Support))
    ).json() as SupportLedgerResponse;
    expect(page2.ledger_list.map((e) => [e.delta, e.reason, e.reference_id])).toEqual([
      [10, 'operator_grant', 'Goodwill 10'],
    ]);
    expect(page2.has_next).toBe(0);

    const missing = await opsGet('/ops/support/reader?user_id=999999', as(StaffRole.Support));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response_code).toBe(ResponseCode.UserNotExist);
    expectInvalid(await opsGet('/ops/support/reader?user_id=abc', as(StaffRole.Support)), /user_id/);
  });
});

describe('support grants', () => {
  it('grants points through the wallet once per request key, with an audit row of who, what, before and after', async () => {
    const reader = await createReader(t);
    const support = as(StaffRole.Support);
    const body = {
      user_id: String(reader.user.id),
      amount: '100',
      reason: 'Ticket #42: lost chapter',
      request_key: freshKey(),
    };
    const [first, second] = await Promise.all([
      opsPost('/ops/support/grant/point', body, support),
      opsPost('/ops/support/grant/point', body, support),
    ]);
    const third = await opsPost('/ops/support/grant/point', body, support);
    const answers = [first, second, third].map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SupportGrantResponse).grant;
    });
    expect(answers.map((a) => a.repeated).sort()).toEqual([0, 1, 1]);
    expect(answers.every((a) => a.free_point === 100)).toBe(true);
    expect(await balanceOf(t.database.db, reader.user.id)).toEqual({ paid: 0, free: 100 });
    const rows = await auditOf(reader.user.id, 'reader.grant_points');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: support.user.id,
      target_type: 'user',
      reason: 'Ticket #42: lost chapter',
    });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toMatchObject({
      via: 'console',
      kind: 'free',
      amount: 100,
      before: { paid_point: 0, free_point: 0 },
      after: { paid_point: 0, free_point: 100 },
    });

    // A new key is a new grant; paid points too.
    const paid = await opsPost(
      '/ops/support/grant/point',
      { ...body, amount: '5', paid: '1', request_key: freshKey() },
      support,
    );
    expect((paid.json() as SupportGrantResponse).grant).toMatchObject({ repeated: 0, paid_point: 5, free_point: 100 });
    // The same key for another reader is refused.
    const other = await createReader(t);
    expectInvalid(
      await opsPost('/ops/support/grant/point', { ...body, user_id: String(other.user.id) }, support),
      /request_key/,
    );
    expect(await balanceOf(t.database.db, other.user.id)).toEqual({ paid: 0, free: 0 });
  });

  it('grants premium tickets once per key, audited, and an admin may too', async () => {
    const reader = await createReader(t);
    const body = {
      user_id: String(reader.user.id),
      count: '2',
      reason: 'Apology for downtime',
      request_key: freshKey(),
    };
    for (const who of [as(StaffRole.Admin), as(StaffRole.Admin)]) {
      const res = await opsPost('/ops/support/grant/ticket', body, who);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as SupportGrantResponse).grant.premium_ticket_num).toBe(2);
    }
    const rows = await auditOf(reader.user.id, 'reader.grant_tickets');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toMatchObject({ count: 2, before: 0, after: 2 });
  });

  it.each([
    ['no reason', { reason: '' }, /reason/],
    ['a blank reason', { reason: '   ' }, /reason/],
    ['a negative amount', { amount: '-5' }, /amount/],
    ['zero points', { amount: '0' }, /amount/],
    ['a fractional amount', { amount: '1.5' }, /amount/],
    ['a word for an amount', { amount: 'lots' }, /amount/],
    ['a typo-sized amount', { amount: '1000001' }, /amount/],
    ['no request key', { request_key: '' }, /request_key/],
    ['a hostile request key', { request_key: "x'; drop table audit_log;--" }, /request_key/],
    ['a paid flag of 2', { paid: '2' }, /paid/],
    ['an over-long reason', { reason: 'x'.repeat(201) }, /reason/],
  ])('refuses %s and grants nothing', async (_name, change, pattern) => {
    const reader = await createReader(t);
    const body = {
      user_id: String(reader.user.id),
      amount: '50',
      reason: 'Because',
      request_key: freshKey(),
      ...change,
    };
    expectInvalid(await opsPost('/ops/support/grant/point', body, as(StaffRole.Support)), pattern);
    expect(await balanceOf(t.database.db, reader.user.id)).toEqual({ paid: 0, free: 0 });
    expect(await auditOf(reader.user.id, 'reader.grant_points')).toEqual([]);
  });

  it('refuses a grant to an account that does not exist', async () => {
    const res = await opsPost(
      '/ops/support/grant/point',
      { user_id: '999999', amount: '5', reason: 'x', request_key: freshKey() },
      as(StaffRole.Support),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().response_code).toBe(ResponseCode.UserNotExist);
  });

  it('ends every session of the reader, audited; the reader is logged out', async () => {
    const reader = await createReader(t);
    expectInvalid(
      await opsPost('/ops/support/session/end', { user_id: String(reader.user.id), reason: '' }, as(StaffRole.Support)),
      /reason/,
    );
    const res = await opsPost(
      '/ops/support/session/end',
      { user_id: String(reader.user.id), reason: 'Reader reported a stolen phone' },
      as(StaffRole.Support),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ended).toBe(1);
    const live = await t.database.db
      .selectFrom('web_token')
      .select('id')
      .where('user_id', '=', reader.user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const rows = await auditOf(reader.user.id, 'reader.sessions_end');
    expect(rows).toMatchObject([
      { actor_user_id: as(StaffRole.Support).user.id, reason: 'Reader reported a stolen phone' },
    ]);
  });
});

describe('the shop in the console', () => {
  const productRow = (id: number) =>
    t.database.db.selectFrom('product').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists the products of `npm run products` and edits one, audited with before and after', async () => {
    const editor = as(StaffRole.Editor);
    const list = (await opsGet('/ops/shop/product/list', editor)).json() as ShopProductListResponse;
    expect(list.product_list.length).toBeGreaterThan(0);
    const product = list.product_list[0] as ShopProductListResponse['product_list'][number];
    const res = await opsPost(
      '/ops/shop/product/set',
      { product_id: String(product.product_id), price: String(product.price + 1), bonus: '7', reason: 'Autumn sale' },
      editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ShopProductResponse).product).toMatchObject({ price: product.price + 1, bonus: 7 });
    const rows = await auditOf(product.product_id, 'product.set');
    expect(rows.at(-1)).toMatchObject({ actor_user_id: editor.user.id, target_type: 'product', reason: 'Autumn sale' });
    expect(JSON.parse(rows.at(-1)?.detail ?? '{}')).toMatchObject({
      before: { price_minor: product.price, bonus_point: product.bonus },
      after: { price_minor: product.price + 1, bonus_point: 7 },
    });
  });

  it('adds a product', async () => {
    const res = await opsPost(
      '/ops/shop/product/add',
      {
        kind: 'point_pack',
        region: 'JP',
        currency: 'jpy',
        price: '480',
        points: '400',
        bonus: '40',
        reason: 'New pack',
      },
      as(StaffRole.Admin),
    );
    expect(res.statusCode, res.body).toBe(200);
    const product = (res.json() as ShopProductResponse).product;
    expect(product).toMatchObject({ region: 'JP', currency: 'jpy', price: 480, points: 400, bonus: 40, active: 1 });
    expect(await auditOf(product.product_id, 'product.add')).toHaveLength(1);
  });

  it.each([
    ['a negative price', { price: '-100' }, /price/],
    ['a zero price', { price: '0' }, /price/],
    ['a price in words', { price: 'ten' }, /price/],
    ['an unknown currency', { currency: 'eur' }, /currency/],
    ['the other region currency', { currency: 'jpy' }, /currency/],
    ['a fractional point count', { points: '2.5' }, /points/],
    ['an active flag of yes', { active: 'yes' }, /active/],
    ['a bad price id', { price_id: 'prod_123' }, /price-id|price_id/],
    ['no reason', { reason: '' }, /reason/],
    ['nothing to change', {}, /Nothing to change/],
  ])('refuses %s and changes nothing', async (_name, change, pattern) => {
    const us = (
      (await opsGet('/ops/shop/product/list', as(StaffRole.Admin))).json() as ShopProductListResponse
    ).product_list.find((p) => p.region === 'US');
    if (!us) throw new Error('no US product');
    const before = await productRow(us.product_id);
    const auditBefore = (await auditOf(us.product_id, 'product.set')).length;
    const body = { product_id: String(us.product_id), reason: 'Try', ...change };
    expectInvalid(await opsPost('/ops/shop/product/set', body, as(StaffRole.Admin)), pattern);
    expect(await productRow(us.product_id)).toEqual(before);
    expect(await auditOf(us.product_id, 'product.set')).toHaveLength(auditBefore);
  });

  it('refuses an unknown product, region or kind when adding', async () => {
    expectInvalid(
      await opsPost('/ops/shop/product/set', { product_id: '999999', price: '1', reason: 'x' }, as(StaffRole.Admin)),
      /No product/,
    );
    expectInvalid(
      await opsPost(
        '/ops/shop/product/add',
        { kind: 'point_pack', region: 'EU', price: '1', points: '1', reason: 'x' },
        as(StaffRole.Admin),
      ),
      /region/,
    );
    expectInvalid(
      await opsPost(
        '/ops/shop/product/add',
        { kind: 'coupon', region: 'US', price: '1', points: '1', reason: 'x' },
        as(StaffRole.Admin),
      ),
      /kind/,
    );
    expectInvalid(
      await opsPost(
        '/ops/shop/product/add',
        { kind: 'point_pack', region: 'US', price: '1', reason: 'x' },
        as(StaffRole.Admin),
      ),
      /--price and --points are required/,
    );
  });
});
