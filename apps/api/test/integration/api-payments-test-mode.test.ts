// The embedded test provider (ADR 019): the default without Stripe variables. Its checkout completes
// through the same signed webhook handler; 4000 0000 0000 0002 is declined; only the session's reader
// may see or pay it; its events carry a valid signature for the generated secret, nobody else's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, get, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { balanceOf, createReader, endWalletTest } from '#test/commerce.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => endWalletTest(t));

describe('test mode checkout', () => {
  it('declines 4000…0002, pays 4242… once, and answers only the reader who started it', async () => {
    const reader = await createReader(t);
    const other = await createReader(t);
    const pack = await t.database.db
      .selectFrom('product')
      .select('id')
      .where('region', '=', 'JP')
      .where('kind', '=', 'point_pack')
      .where('sort_order', '=', 3)
      .executeTakeFirstOrThrow();
    const start = await post(
      t,
      '/web/stp/outright',
      { asset_id: String(pack.id), path: '/my/shop' },
      { cookie: reader.cookie },
    );
    const checkout = new URL(start.json().checkout_url);
    expect(checkout.pathname).toBe('/my/shop/checkout');
    const sessionId = checkout.searchParams.get('session_id') ?? '';

    const seen = await get(t, `/web/stp/test/session?session_id=${sessionId}`, { cookie: reader.cookie });
    expect(seen.json()).toMatchObject({ price_text: '¥1,200', mode: 'payment' });
    expect(codeOf(await get(t, `/web/stp/test/session?session_id=${sessionId}`, { cookie: other.cookie }))).toBe(1001);
    expect(codeOf(await get(t, `/web/stp/test/session?session_id=${sessionId}`))).not.toBe(0);

    const pay = (card: string, cookie = reader.cookie) =>
      post(t, '/web/stp/test/pay', { session_id: sessionId, card_number: card }, { cookie });
    expect((await pay('4000 0000 0000 0002')).json()).toMatchObject({ result: 0 });
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 0, free: 0 });
    expect(codeOf(await pay('4242 4242 4242 4242', other.cookie))).toBe(1001);
    const paid = (await pay('4242 4242 4242 4242')).json();
    expect(paid.result).toBe(1);
    expect(new URL(paid.redirect_url).searchParams.get('status')).toBe('1');
    expect(codeOf(await pay('4242 4242 4242 4242'))).toBe(1001);
    expect(await balanceOf(t.database.db, reader.userId)).toEqual({ paid: 1000, free: 50 });
    expect((await get(t, '/web/status', { cookie: reader.cookie })).json().charge_type).toBe(3);
  });

  it('refuses a webhook signed with any other secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/stp/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } }),
    });
    expect(res.statusCode).toBe(400);
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/stp/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: 'x'.repeat(300 * 1024),
    });
    expect(oversized.statusCode).toBe(413);
  });
});
