// PaymentWebhookService on the service harness (in-memory payment tables and wallet, events signed with
// the real Stripe SDK and read by the provider's verifyEvent): what each event writes to payments,
// plans and the ledger, that a redelivery or a second event id changes nothing, that a bad signature
// writes nothing, and that a failure part-way leaves nothing.
import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '#test/factories.ts';
import { newPaymentServices } from '#test/services/harness.ts';
import { planRow, productRow } from '#test/services/in-memory-payment-repositories.ts';

const created = Math.floor(TEST_NOW / 1000);

/** A reader with a pending checkout of a 1,000 + 50 point pack at $9.99 (payment_intent pi_<payment id>). */
function webhookWorld() {
  const lines: string[] = [];
  const log = {
    info: (details: object, message: string) => lines.push(`${message} ${JSON.stringify(details)}`),
    warn: (details: object, message: string) => lines.push(`${message} ${JSON.stringify(details)}`),
  };
  const services = newPaymentServices(undefined, { log });
  const pack = productRow();
  const plan = planRow();
  services.payments.products.push(pack, plan);
  const user = services.world.addUser();
  const pending = (productId = pack.id, amount = 999) => {
    const id = services.payments.nextId('payment');
    services.payments.payments.push({
      id,
      user_id: user.id,
      product_id: productId,
      provider: 'test',
      provider_session_id: `cs_${id}`,
      provider_payment_id: null,
      status: 'pending',
      amount_minor: amount,
      currency: 'usd',
      paid_point: 1000,
      bonus_point: productId === pack.id ? 50 : 150,
      created_at: TEST_NOW,
      completed_at: null,
      credited_point: 0,
      refunded_point: 0,
      subscription_id: null,
    });
    return id;
  };
  const completed = (paymentId: number, extra: object = {}) => ({
    id: `cs_${paymentId}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    metadata: { payment_id: String(paymentId), user_id: String(user.id) },
    payment_intent: `pi_${paymentId}`,
    ...extra,
  });
  const deliver = (delivery: { body: string; signature: string }) =>
    services.webhooks.handleWebhook(delivery.body, delivery.signature);
  const balance = () => services.world.wallet.balanceOf(user.id);
  return { ...services, pack, plan, user, pending, completed, deliver, balance, lines };
}

describe('PaymentWebhookService: a checkout', () => {
  it('credits the pack once: paid points that never expire, the bonus for 180 days, keyed by the payment', async () => {
    const w = webhookWorld();
    const paymentId = w.pending();
    const delivery = w.stripe.event('checkout.session.completed', w.completed(paymentId), { created });
    expect(await w.deliver(delivery)).toBe('processed');
    expect(await w.deliver(delivery)).toBe('duplicate');
    // The same session under another event id: the payment is no longer pending.
    expect(await w.deliver(w.stripe.event('checkout.session.completed', w.completed(paymentId)))).toBe('ignored');
    expect(w.balance()).toEqual({ paid_point: 1000, free_point: 50 });
    expect(
      w.world.tables.ledger.map((e) => [e.kind, e.delta, e.idempotency_key, e.expires_at, e.reference_id]),
    ).toEqual([
      ['paid', 1000, `payment:${paymentId}:paid`, null, String(paymentId)],
      ['free', 50, `payment:${paymentId}:bonus`, TEST_NOW + 180 * 86_400_000, String(paymentId)],
    ]);
    expect(w.payments.payments[0]).toMatchObject({
      status: 'paid',
      completed_at: TEST_NOW,
      credited_point: 1050,
      provider_payment_id: `pi_${paymentId}`,
    });
    expect(w.world.tables.users[0]?.charge_type).toBe(3);
    expect(w.payments.events.map((e) => e.processed_at)).toEqual([TEST_NOW, TEST_NOW]);
  });

  it('ignores a session not paid, an unknown payment and an event type it does not handle, recording each', async () => {
    const w = webhookWorld();
    const paymentId = w.pending();
    const unpaid = w.completed(paymentId, { payment_status: 'unpaid' });
    expect(await w.deliver(w.stripe.event('checkout.session.completed', unpaid))).toBe('ignored');
    const unknown = w.completed(424_242);
    expect(await w.deliver(w.stripe.event('checkout.session.completed', unknown))).toBe('ignored');
    expect(await w.deliver(w.stripe.event('customer.created', { id: 'cus_1', object: 'customer' }))).toBe('ignored');
    expect(w.balance()).toEqual({ paid_point: 0, free_point: 0 });
    expect(w.payments.payments[0]?.status).toBe('pending');
    expect(w.payments.events).toHaveLength(3);
  });

  it('refuses a bad signature before reading the event: nothing recorded, one log line without the secret', async () => {
    const w = webhookWorld();
    const paymentId = w.pending();
    const forged = w.stripe.event('checkout.session.completed', w.completed(paymentId), {
      secret: 'whsec_someone_else_1234',
    });
    expect(await w.deliver(forged)).toBe('refused');
    expect(await w.webhooks.handleWebhook(forged.body, undefined)).toBe('refused');
    const tampered = w.stripe.event('checkout.session.completed', w.completed(paymentId));
    expect(await w.deliver({ ...tampered, body: tampered.body.replace('"paid"', '"paid" ') })).toBe('refused');
    expect(w.payments.events).toEqual([]);
    expect(w.balance()).toEqual({ paid_point: 0, free_point: 0 });
    const refused = w.lines.filter((line) => line.startsWith('Webhook signature refused'));
    expect(refused).toHaveLength(3);
    for (const line of refused) {
      expect(line).not.toContain(w.stripe.webhookSecret);
      expect(line).not.toContain('whsec_someone_else');
      expect(line).not.toContain('cs_');
    }
  });

  it('leaves nothing when a write fails part-way, and the retry applies the event once', async () => {
    const w = webhookWorld();
    const paymentId = w.pending();
    const delivery = w.stripe.event('checkout.session.completed', w.completed(paymentId));
    const payments = w.payments;
    const stores = w.transactions.stores.payments;
    const markEventProcessed = stores.markEventProcessed;
    stores.markEventProcessed = async () => {
      throw new Error('connection lost before the commit');
    };
    await expect(w.deliver(delivery)).rejects.toThrow('connection lost');
    expect(w.balance()).toEqual({ paid_point: 0, free_point: 0 });
    expect(w.world.tables.ledger).toEqual([]);
    expect(payments.events).toEqual([]);
    expect(payments.payments[0]?.status).toBe('pending');
    stores.markEventProcessed = markEventProcessed;
    expect(await w.deliver(delivery)).toBe('processed');
    expect(await w.deliver(delivery)).toBe('duplicate');
    expect(w.balance()).toEqual({ paid_point: 1000, free_point: 50 });
  });
});

describe('PaymentWebhookService: refunds and disputes', () => {
  it('takes back the refunded share of what is unspent in the payment’s own lots; a dispute the rest', async () => {
    const w = webhookWorld();
    const paymentId = w.pending();
    await w.deliver(w.stripe.event('checkout.session.completed', w.completed(paymentId)));
    // Another lot of the reader: never touched by this payment's refund.
    w.world.addLot(w.user.id, 'paid', 70, null);
    // The reader spent 900 of the pack's paid points.
    const lot = w.world.tables.ledger.find((e) => e.idempotency_key === `payment:${paymentId}:paid`);
    if (lot) lot.remaining = 100;
    await w.world.wallet.takeFromBalance(w.user.id, { paid_point: 900, free_point: 0 });
    w.world.tables.ledger.push({
      id: w.world.tables.nextId('point_ledger'),
      user_id: w.user.id,
      kind: 'paid',
      delta: -900,
      remaining: 0,
      reason: 'episode_paid',
      reference_type: 'episode',
      reference_id: '1',
      created_at: TEST_NOW,
    });
    expect(w.balance()).toEqual({ paid_point: 170, free_point: 50 });
    // Half refunded: ceil(1,050 × 500 / 999) = 526 to take back; 150 of the payment's lots are unspent.
    const half = { id: 'ch_1', object: 'charge', payment_intent: `pi_${paymentId}`, amount: 999, amount_refunded: 500 };
    const refund = w.stripe.event('charge.refunded', half);
    expect(await w.deliver(refund)).toBe('processed');
    expect(await w.deliver(refund)).toBe('duplicate');
    expect(w.balance()).toEqual({ paid_point: 70, free_point: 0 });
    expect(w.payments.payments[0]).toMatchObject({ status: 'refunded', refunded_point: 526 });
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: `pi_${paymentId}` };
    expect(await w.deliver(w.stripe.event('charge.dispute.created', dispute))).toBe('processed');
    expect(w.payments.payments[0]).toMatchObject({ refunded_point: 1050 });
    expect(w.balance()).toEqual({ paid_point: 70, free_point: 0 });
    const takeBacks = w.world.tables.ledger.filter((e) => e.reason === 'payment_refund');
    expect(takeBacks.map((e) => [e.kind, e.delta, e.idempotency_key])).toEqual([
      ['free', -50, `refund:${JSON.parse(refund.body).id}:free`],
      ['paid', -100, `refund:${JSON.parse(refund.body).id}:paid`],
    ]);
  });
});

describe('PaymentWebhookService: events out of order', () => {
  it('holds a refund that comes before its payment and applies it when the payment completes', async () => {
    const w = webhookWorld();
    const paymentId = w.pending();
    const early = {
      id: 'ch_2',
      object: 'charge',
      payment_intent: `pi_${paymentId}`,
      amount: 999,
      amount_refunded: 999,
    };
    expect(await w.deliver(w.stripe.event('charge.refunded', early))).toBe('held');
    expect(w.payments.refunds).toEqual([
      expect.objectContaining({ provider_payment_id: `pi_${paymentId}`, kind: 'refund', applied_at: null }),
    ]);
    expect(await w.deliver(w.stripe.event('checkout.session.completed', w.completed(paymentId)))).toBe('processed');
    expect(w.balance()).toEqual({ paid_point: 0, free_point: 0 });
    expect(w.payments.payments[0]).toMatchObject({ status: 'refunded', credited_point: 1050, refunded_point: 1050 });
    expect(w.payments.refunds[0]).toMatchObject({ payment_id: paymentId, applied_at: TEST_NOW });
  });

  it('locks what an event touches in one order: payment, payment intent, subscription, reader', async () => {
    const w = webhookWorld();
    const paymentId = w.pending(w.plan.id);
    const session = w.completed(paymentId, { mode: 'subscription', subscription: 'sub_c', payment_intent: null });
    await w.deliver(w.stripe.event('checkout.session.completed', session));
    const refund = { id: 'ch_3', object: 'charge', payment_intent: 'pi_x', amount: 1, amount_refunded: 1 };
    await w.deliver(w.stripe.event('charge.refunded', refund));
    expect(w.payments.locks).toEqual([`payment:${paymentId}`, 'sub:sub_c', `user:${w.user.id}`, 'pi:pi_x']);
  });
});

describe('PaymentWebhookService: plans', () => {
  const invoice = (subscription: string, metadata: object, start = TEST_NOW, end = Date.UTC(2026, 1, 1)) => ({
    id: `in_${subscription}_${start}`,
    object: 'invoice',
    status: 'paid',
    amount_paid: 999,
    payment_intent: `pi_in_${subscription}_${start}`,
    lines: { data: [{ period: { start: Math.floor(start / 1000), end: Math.floor(end / 1000) } }] },
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
  });

  it('creates the plan once whichever of the invoice and the session comes first, with its first bonus', async () => {
    const w = webhookWorld();
    const paymentId = w.pending(w.plan.id);
    const metadata = { payment_id: String(paymentId), user_id: String(w.user.id), product_id: String(w.plan.id) };
    expect(await w.deliver(w.stripe.event('invoice.paid', invoice('sub_a', metadata), { created }))).toBe('processed');
    const session = w.completed(paymentId, { mode: 'subscription', subscription: 'sub_a', payment_intent: null });
    expect(await w.deliver(w.stripe.event('checkout.session.completed', session, { created }))).toBe('processed');
    expect(w.payments.subscriptions).toEqual([
      expect.objectContaining({
        user_id: w.user.id,
        product_id: w.plan.id,
        provider_subscription_id: 'sub_a',
        status: 'active',
        current_period_end_at: Date.UTC(2026, 1, 1),
        last_bonus_month: '2026-01',
      }),
    ]);
    expect(w.balance()).toEqual({ paid_point: 1000, free_point: 150 });
    expect(w.payments.premiumTickets).toHaveLength(2);
    expect(w.payments.payments.map((p) => [p.status, p.credited_point, p.provider_payment_id])).toEqual([
      ['paid', 0, `session:cs_${paymentId}`],
      ['paid', 1000, `pi_in_sub_a_${TEST_NOW}`],
    ]);
    expect(w.world.tables.users[0]?.charge_type).toBe(4);
  });

  it('never moves a plan back: an older update after a newer one, and anything after it ended', async () => {
    const w = webhookWorld();
    const metadata = { user_id: String(w.user.id), product_id: String(w.plan.id) };
    await w.deliver(w.stripe.event('invoice.paid', invoice('sub_b', metadata), { created }));
    const update = (status: string, at: number) =>
      w.stripe.event('customer.subscription.updated', { id: 'sub_b', object: 'subscription', status }, { created: at });
    expect(await w.deliver(update('past_due', created + 20))).toBe('processed');
    expect(await w.deliver(update('active', created + 10))).toBe('ignored');
    expect(w.payments.subscriptions[0]?.status).toBe('past_due');
    const deleted = { id: 'sub_b', object: 'subscription', status: 'canceled' };
    expect(await w.deliver(w.stripe.event('customer.subscription.deleted', deleted, { created: created + 30 }))).toBe(
      'processed',
    );
    expect(await w.deliver(update('active', created + 40))).toBe('ignored');
    expect(w.payments.subscriptions[0]?.status).toBe('ended');
    expect(w.world.tables.users[0]?.charge_type).toBe(3);
  });
});
