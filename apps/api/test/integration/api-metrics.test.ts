// Prometheus metrics (issue 25): scraped from their own port after some requests, the counters have
// moved; labels carry route patterns and statuses, never a raw URL or an id. Purchases, checkouts
// (against the Stripe double) and mails (to a real SMTP server) are real calls through HTTP.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, GOOD_PASSWORD, post } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createReader, endWalletTest, insertShopTitle, type ShopTitle, shopProduct } from '#test/commerce.ts';
import { insertTitle } from '#test/factories.ts';
import { freePort } from '#test/fault-servers.ts';
import { startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';
import { StripeDouble } from '#test/stripe-double.ts';

let t: TestApp;
let titleId: number;
let shop: ShopTitle;
let smtp: TestSmtpServer;
const stripe = new StripeDouble();

beforeAll(async () => {
  smtp = await startSmtpServer();
  const apiUrl = await stripe.start();
  t = await createTestApp({
    metricsPort: 0,
    metricsHost: '127.0.0.1',
    smtpUrl: smtp.url,
    stripe: { secretKey: 'sk_test_double_key_123', webhookSecret: stripe.webhookSecret, apiUrl },
    // One account mail per address: the second asks the throttle in vain.
    mailMaxPerAddress: 1,
  });
  titleId = (await insertTitle(t.database.db, { name_en: 'Counted Cove' })).id;
  shop = await insertShopTitle(t.database.db, { count: 3, price: 40 });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
  await smtp.close();
});

async function scrape(): Promise<string> {
  const address = t.app.metrics.address();
  if (!address) throw new Error('the metrics server does not listen');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('metrics', () => {
  it('counts requests by route pattern and status, with latency, and never labels a raw URL', async () => {
    const before = await scrape();
    const route = { route: '/title/list', method: 'GET', status: '200' };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/title/list?title_id_list=${titleId}` });
      expect(res.statusCode).toBe(200);
    }
    // A path of letters: a number (a latency, a memory size) may contain any digits by chance.
    const unknown = await t.app.inject({ method: 'GET', url: '/no/such/path/raw-url-marker' });
    expect(unknown.statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'manga_http_requests_total', route) - sample(before, 'manga_http_requests_total', route)).toBe(
      3,
    );
    expect(sample(after, 'manga_http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'manga_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('raw-url-marker');
    expect(after).not.toContain('title_id_list');
  });

  it('counts response cache hits and misses', async () => {
    const before = await scrape();
    const url = `/title/list?title_id_list=${titleId}&lang=en`;
    await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'GET', url });
    const after = await scrape();
    const moved = (outcome: string) =>
      sample(after, 'manga_response_cache_lookups_total', { outcome }) -
      sample(before, 'manga_response_cache_lookups_total', { outcome });
    expect(moved('miss')).toBe(1);
    expect(moved('hit')).toBe(2);
  });

  it('counts payment webhook outcomes: a call without a valid signature is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/stp/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_1"}',
    });
    expect(res.statusCode).toBe(400);
    expect(sample(await scrape(), 'manga_payment_webhooks_total', { outcome: 'refused' })).toBe(1);
  });

  it('counts job runs by job and outcome', async () => {
    const job = {
      name: 'CountMetrics',
      intervalMs: 60_000,
      shouldRunAtStart: async () => false,
      handle: async () => 'success' as const,
    };
    expect(await t.app.container.services.jobs.run(job)).toBe('success');
    // The same slot again: already run, so this process is told it was taken.
    expect(await t.app.container.services.jobs.run(job)).toBe('skipped');
    const text = await scrape();
    expect(sample(text, 'manga_job_runs_total', { job_name: 'CountMetrics', outcome: 'success' })).toBe(1);
    expect(sample(text, 'manga_job_runs_total', { job_name: 'CountMetrics', outcome: 'taken' })).toBe(1);
    expect(sample(text, 'manga_job_run_duration_seconds_count', { job_name: 'CountMetrics' })).toBe(1);
  });

  it('counts purchases by kind and outcome, refusals by their class, and never an id', async () => {
    const before = await scrape();
    const reader = await createReader(t, { paid: 100 });
    const episode = shop.episodes[1]!;
    const buy = (checkPoint: number) =>
      post(
        t,
        '/episode/paid',
        { episode_id: String(episode.id), check_point: String(checkPoint) },
        { cookie: reader.cookie },
      );
    expect(codeOf(await buy(39))).toBe(3111); // the price is 40
    expect(codeOf(await buy(40))).toBe(0);
    expect(codeOf(await buy(40))).toBe(3102); // already bought
    const bulk = await post(
      t,
      '/episode/paid/bulk',
      { episode_id_list: String(shop.episodes[2]!.id), paid_point: '1', point_back: '0' },
      { cookie: reader.cookie },
    );
    expect(codeOf(bulk)).toBe(3111);
    const rent = (ticketType: number) =>
      post(
        t,
        '/episode/rental/ticket',
        { episode_id: String(shop.episodes[2]!.id), ticket_type: String(ticketType), ticket_version: '1' },
        { cookie: reader.cookie },
      );
    const magazine = await post(
      t,
      '/magazine/paid',
      { magazine_id: '999999', paid_point: '1' },
      { cookie: reader.cookie },
    );
    expect(codeOf(magazine)).toBe(3101); // no such issue on sale
    expect(codeOf(await rent(99))).toBe(3112); // no premium ticket held
    expect(codeOf(await rent(1))).toBe(0); // the title's ticket
    await endWalletTest(t);
    const after = await scrape();
    const moved = (kind: string, outcome: string) =>
      sample(after, 'manga_purchases_total', { kind, outcome }) -
      sample(before, 'manga_purchases_total', { kind, outcome });
    expect(moved('episode', 'done')).toBe(1);
    expect(moved('episode', 'price_changed')).toBe(1);
    expect(moved('episode', 'already_owned')).toBe(1);
    expect(moved('episodes', 'price_changed')).toBe(1);
    expect(moved('magazine', 'not_for_sale')).toBe(1);
    expect(moved('ticket_rental', 'tickets_short')).toBe(1);
    expect(moved('ticket_rental', 'done')).toBe(1);
    // Labels are kinds and outcome classes: no id (digits) and no other label can reach them.
    const labels = after
      .split('\n')
      .filter((line) => line.startsWith('manga_purchases_total{'))
      .map((line) => line.slice(line.indexOf('{'), line.indexOf('}') + 1));
    expect(labels.length).toBeGreaterThanOrEqual(7);
    for (const set of labels) expect(set).toMatch(/^\{kind="[a-z_]+",outcome="[a-z_]+"\}$/);
  });

  it('counts checkouts started against the payment provider, by kind and outcome', async () => {
    const reader = await createReader(t);
    const pack = await shopProduct(t.database.db, 'US', 'point_pack', 2);
    const start = (assetId: number) =>
      post(t, '/web/stp/outright', { asset_id: String(assetId), path: '/title/1' }, { cookie: reader.cookie });
    expect(codeOf(await start(pack.id))).toBe(0);
    expect(stripe.calls.at(-1)?.path).toBe('/v1/checkout/sessions');
    expect(codeOf(await start(999_999))).toBe(1001);
    const text = await scrape();
    expect(sample(text, 'manga_checkouts_total', { kind: 'point_pack', outcome: 'done' })).toBe(1);
    expect(sample(text, 'manga_checkouts_total', { kind: 'point_pack', outcome: 'invalid' })).toBe(1);
    expect(sample(text, 'manga_checkouts_total', { kind: 'subscription', outcome: 'done' })).toBe(0);
  });

  it('counts mails sent through SMTP and mails refused by the limits, by template', async () => {
    const email = 'counted.mail@example.test';
    expect(codeOf(await post(t, '/web/account/presave', { email }))).toBe(0);
    await smtp.takeMail(email);
    const refused = await post(t, '/web/account/presave', { email });
    expect(refused.statusCode).toBe(429);
    const text = await scrape();
    expect(sample(text, 'manga_mail_total', { kind: 'signup', outcome: 'sent' })).toBe(1);
    expect(sample(text, 'manga_mail_total', { kind: 'signup', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'manga_mail_total', { kind: 'signup', outcome: 'failed' })).toBe(0);
    expect(text).not.toContain('counted.mail');
  });

  it('counts a mail the SMTP server never took as failed', async () => {
    // Nothing listens there: the mail cannot be handed over.
    const down = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const res = await post(down, '/web/account/password/prereset', {
        email: 'nobody.here@example.test',
        new_password: GOOD_PASSWORD,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      const text = await down.app.metrics.registry.metrics();
      expect(sample(text, 'manga_mail_total', { kind: 'no_account', outcome: 'failed' })).toBe(1);
      expect(sample(text, 'manga_mail_total', { kind: 'no_account', outcome: 'sent' })).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('times database statements by kind and outcome, without their text', async () => {
    const before = await scrape();
    await t.database.db.selectFrom('title').select('id').where('id', '=', titleId).execute();
    await t.database.db.updateTable('title').set({ name_en: 'Counted Cove' }).where('id', '=', titleId).execute();
    await expect(sql`select 1 from no_such_table_4242`.execute(t.database.db)).rejects.toThrow();
    const after = await scrape();
    const moved = (statement: string, outcome: string) =>
      sample(after, 'manga_db_query_duration_seconds_count', { statement, outcome }) -
      sample(before, 'manga_db_query_duration_seconds_count', { statement, outcome });
    expect(moved('select', 'ok')).toBeGreaterThanOrEqual(1);
    expect(moved('update', 'ok')).toBe(1);
    expect(moved('select', 'error')).toBe(1);
    expect(after).not.toContain('no_such_table');
    expect(after).not.toMatch(/from "?title/i);
  });

  it('reports the process, the caches and, on PostgreSQL, the database pool', async () => {
    const text = await scrape();
    expect(sample(text, 'manga_api_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('manga_api_nodejs_eventloop_lag_seconds');
    expect(text).toContain('manga_image_cache_hits_total');
    expect(text).toContain('manga_catalogue_revision_reads_total');
    if (t.database.dialect === 'postgres') {
      expect(sample(text, 'manga_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
      expect(sample(text, 'manga_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('manga_db_pool_connections');
    }
  });

  it('answers only GET /metrics on its port, and the public port has no /metrics', async () => {
    const address = t.app.metrics.address();
    const other = await fetch(`http://127.0.0.1:${address?.port}/other`);
    expect(other.status).toBe(404);
    const publicPort = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicPort.statusCode).toBe(404);
  });
});
