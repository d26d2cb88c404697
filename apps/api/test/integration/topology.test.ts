// The several-hosts topology of docs/deploy (issue 25), on one machine: nginx with the documented
// balancer.conf in front of two API processes and two web servers (each on its own port and data
// directory, as if on separate hosts), PostgreSQL, Redis, the loopback S3 server, an SMTP server and
// the Stripe double. A catalogue change made through one API is seen through the other at once; a
// reader signs up through one API, pays and buys through the other and reads through the balancer;
// with the bucket down only page images fail; one page request's id is in the web server's log and
// the API's; every process restarted one by one under load fails no request; one API process killed
// with SIGKILL under reading and purchase load: every read through nginx still succeeds, no purchase
// is lost or doubled, and `npm run points -- audit` finds nothing. PostgreSQL suite only (several
// hosts need it), with REDIS_URL and nginx; the web servers run from the production build (`npm run
// build -w @manga/web`, done here when it is missing, as `npm start` does for the browser tests).
import { type ChildProcess, execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { formatWireDateTime, StaffRole } from '@manga/contracts';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#src/config.ts';
import { GOOD_PASSWORD } from '#test/accounts.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createStaff, type Reader } from '#test/comments.ts';
import {
  balanceOf,
  createReader,
  databaseUrlOf,
  insertShopTitle,
  ledgerAnomalies,
  shopProduct,
} from '#test/commerce.ts';
import { type TestDatabase, testDialect } from '#test/db.ts';
import { type ApiProcess, spawnLogged, startApiProcess, startLoad } from '#test/fault-api.ts';
import { waitFor } from '#test/fault-servers.ts';
import { NGINX, startNginx } from '#test/nginx.ts';
import { freePort, S3_TEST_CREDENTIALS, S3_TEST_REGION, startS3Server, type TestS3Server } from '#test/s3.ts';
import { linkOf, startSmtpServer, type TestSmtpServer } from '#test/smtp.ts';
import { StripeDouble } from '#test/stripe-double.ts';

const WEB_SERVER = join(repositoryRoot, 'apps/web/build/web-server.js');
const API_MAIN = join(repositoryRoot, 'apps/api/dist/main.js');
/** Start-ups on a loaded CI machine (two cores shared) take long; the processes are real. */
const READY_MS = 180_000;
const BALANCER = join(repositoryRoot, 'docs/deploy/nginx/balancer.conf');
const redisUrl = process.env.REDIS_URL;
const PROXY_SECRET = 'topology-proxy-secret-0123456789abcdef';
/** How long nginx leaves a host out after a failure (balancer.conf's fail_timeout): one fact, read from the file. */
const FAIL_TIMEOUT_MS = Number(/fail_timeout=(\d+)s/.exec(readFileSync(BALANCER, 'utf8'))?.[1] ?? Number.NaN) * 1_000;
const POINTS_CLI = join(repositoryRoot, 'apps/api/src/cli/points.cli.ts');
const run = promisify(execFile);

/** The cookies a response sets, as a Cookie header (a session across processes lives in the database). */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** POSTs a form; the answer's JSON with its HTTP status. */
async function postForm(url: string, form: Record<string, string>, cookie = '') {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form),
  });
  return { res, status: res.status, body: (await res.json()) as Record<string, unknown> & { response_code?: number } };
}

/** A .cbz of `pages` small JPEG pages, as the console uploads it. */
async function cbz(pages: number): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (let index = 1; index <= pages; index++) {
    files[`p${String(index).padStart(2, '0')}.jpg`] = await sharp({
      create: { width: 320, height: 448, channels: 3, background: { r: index * 60, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
  }
  return Buffer.from(zipSync(files, { level: 0 }));
}

interface WebProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** A web server from the production build; `port`: the port of one it replaces (a free one otherwise). */
async function startWebServer(env: Record<string, string>, port?: number): Promise<WebProcess> {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'manga-topology-web-'));
  const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
  const web = spawnLogged([WEB_SERVER], {
    ...inherited,
    MANGA_ENV: 'test',
    MANGA_WEB_HOST: '127.0.0.1',
    MANGA_WEB_PORT: String(port),
    MANGA_DATA_DIR: dataDir,
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (web.alive()) web.child.kill('SIGTERM');
    await web.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'the web server to answer',
      async () => {
        if (!web.alive()) throw new Error(`the web server exited: ${web.output()}`);
        return (await fetch(`${url}/builds/latest`)).ok;
      },
      READY_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: web.output, stop };
}

/** The newest modification time of the web app's sources and the packages it bundles. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['apps/web/app', 'apps/web/server', 'packages/contracts/src', 'packages/api-client/src'])
    walk(join(repositoryRoot, dir));
  return newest;
}

const ready = testDialect() === 'postgres' && redisUrl !== undefined && NGINX !== undefined;

describe.runIf(ready)('several hosts behind nginx (PostgreSQL, Redis, S3, needs nginx)', () => {
  let t: TestApp;
  let database: TestDatabase;
  let s3: TestS3Server;
  let editor: Reader;
  let titleId: number;
  let nginx: ChildProcess | undefined;
  let nginxDir: string;
  let site: string;
  let api: string;
  let smtp: TestSmtpServer;
  /** The signed-up reader's cookies and a chapter of pages nobody has read yet (for the bucket outage). */
  let readerCookie = '';
  let unreadChapter = 0;
  const stripe = new StripeDouble();
  const apis: ApiProcess[] = [];
  const webs: WebProcess[] = [];
  let apiEnv: Record<string, string>;
  let webEnv: Record<string, string>;

  beforeAll(async () => {
    // The production builds, as `npm start` runs them: the API's always (esbuild, seconds), the web's
    // when it is missing or older than its sources.
    // In production mode whatever this worker's NODE_ENV ('test'): `npm start` and the browser tests
    // reuse a build that is newer than its sources, and a test-mode one is React's development build.
    const buildOptions = {
      cwd: repositoryRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    } as const;
    const apiBuilt = spawnSync('npm', ['run', 'build', '-w', '@manga/api'], buildOptions);
    expect(apiBuilt.status, apiBuilt.stderr).toBe(0);
    if (!existsSync(WEB_SERVER) || newestSource() > statSync(WEB_SERVER).mtimeMs) {
      const built = spawnSync('npm', ['run', 'build', '-w', '@manga/web'], buildOptions);
      expect(built.status, built.stderr).toBe(0);
    }
    // The test's own app on the same database: the editor's account and the first title.
    t = await createTestApp({ redisUrl });
    // The API processes run on the real clock: the editor's session must be live for them.
    t.clock.set(Date.now());
    database = t.database;
    editor = await createStaff(t, StaffRole.Editor);
    const created = await t.app.inject({
      method: 'POST',
      url: '/ops/catalogue/title/create',
      headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name_en: 'Topology Tide',
        name_ja: '潮',
        author_en: 'A. Host',
        author_ja: '主',
        description_en: 'Two of everything.',
        description_ja: '二つずつ。',
        age_rating: '0',
        reading_direction: '1',
      }).toString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    titleId = created.json().title.title_id;
    const published = await t.app.inject({
      method: 'POST',
      url: '/ops/catalogue/title/publish',
      headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `title_id=${titleId}&published=1`,
    });
    expect(published.statusCode, published.body).toBe(200);

    s3 = await startS3Server({ bucket: 'manga-topology' });
    smtp = await startSmtpServer();
    const stripeUrl = await stripe.start();
    const { url } = await databaseUrlOf(database);
    const [sitePort, apiPort] = [await freePort(), await freePort()];
    site = `http://127.0.0.1:${sitePort}`;
    api = `http://127.0.0.1:${apiPort}`;
    const shared = {
      MANGA_PROXY_SECRET: PROXY_SECRET,
      MANGA_TRUST_PROXY: '1',
      MANGA_PUBLIC_API_URL: api,
      MANGA_WEB_ORIGIN: site,
    };
    apiEnv = {
      ...shared,
      MANGA_DATABASE_URL: url,
      MANGA_REDIS_URL: redisUrl ?? '',
      MANGA_STORAGE_URL: 's3://manga-topology/pages',
      MANGA_S3_ENDPOINT: s3.endpoint,
      MANGA_S3_REGION: S3_TEST_REGION,
      MANGA_S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      MANGA_S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      MANGA_S3_FORCE_PATH_STYLE: 'true',
      MANGA_IMAGE_URL_SECRET: 'topology-image-url-secret',
      MANGA_SMTP_URL: smtp.url,
      MANGA_WEB_PUBLIC_URL: site,
      MANGA_STRIPE_SECRET_KEY: 'sk_test_double_key_123',
      MANGA_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      MANGA_STRIPE_API_URL: stripeUrl,
      // Long enough that only the push can explain a change seen at once (ADR 040).
      MANGA_CATALOGUE_PUSH_RECHECK_SECONDS: '600',
      MANGA_LOG_LEVEL: 'info',
    };
    webEnv = { ...shared, MANGA_API_URL: api, MANGA_WEB_TRUST_REQUEST_ID: 'true' };
    // One after the other: tsx start-ups at once on a busy machine outlast the wait.
    for (let n = 0; n < 2; n++) apis.push(await startApiProcess(apiEnv, { main: API_MAIN, readyTimeoutMs: READY_MS }));
    for (let n = 0; n < 2; n++) webs.push(await startWebServer(webEnv));
    nginxDir = mkdtempSync(join(tmpdir(), 'nginx-topology-'));
    chmodSync(nginxDir, 0o755);
    const hostPort = (base: string) => new URL(base).host;
    const conf = readFileSync(BALANCER, 'utf8')
      .replace('worker_processes auto;', 'worker_processes 1;')
      .replace('10.0.1.21:3000', hostPort(webs[0]?.url ?? ''))
      .replace('10.0.1.22:3000', hostPort(webs[1]?.url ?? ''))
      .replace('10.0.1.11:3001', hostPort(apis[0]?.url ?? ''))
      .replace('10.0.1.12:3001', hostPort(apis[1]?.url ?? ''))
      .replace('listen 80;', `listen 127.0.0.1:${sitePort};`)
      .replace('listen 8081;', `listen 127.0.0.1:${apiPort};`);
    writeFileSync(join(nginxDir, 'nginx.conf'), conf);
    nginx = await startNginx(nginxDir, process.env, `${api}/healthz`);
  }, 600_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all([...apis, ...webs].map((process) => process.stop()));
    await s3?.close();
    await smtp?.close();
    await stripe.stop();
    await t?.close();
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  });

  const nameOn = async (base: string) => {
    const res = await fetch(`${base}/title/list?title_id_list=${titleId}`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title_list: { title_name: string }[] };
    return { name: body.title_list[0]?.title_name, cache: res.headers.get('x-manga-cache') };
  };

  it('shows an editor’s change made through one API on the other at once (pushed, not rechecked), and on the site', async () => {
    const [first, second] = apis as [ApiProcess, ApiProcess];
    const pushDelays: number[] = [];
    for (const process of apis) {
      await nameOn(process.url);
      expect((await nameOn(process.url)).cache).toBe('hit');
    }
    for (let round = 1; round <= 3; round++) {
      const through = round % 2 === 1 ? first : second;
      const other = through === first ? second : first;
      const res = await fetch(`${through.url}/ops/catalogue/title/update`, {
        method: 'POST',
        headers: { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          title_id: String(titleId),
          name_en: `Topology Tide ${round}`,
          name_ja: '潮',
          author_en: 'A. Host',
          author_ja: '主',
          description_en: 'Two of everything.',
          description_ja: '二つずつ。',
          age_rating: '0',
          reading_direction: '1',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      // PostgreSQL hands the NOTIFY to the other process's listening connection just after the
      // commit, so the very next request may still beat it by a moment; the recheck is 600 s away.
      const changedAt = performance.now();
      await expect
        .poll(async () => (await nameOn(other.url)).name, { timeout: 5_000, interval: 20 })
        .toBe(`Topology Tide ${round}`);
      pushDelays.push(Math.round(performance.now() - changedAt));
      await expect
        .poll(async () => (await nameOn(api)).name, { timeout: 5_000, interval: 20 })
        .toBe(`Topology Tide ${round}`);
    }
    console.log(`topology: the other API answered the change after ${pushDelays.join(', ')} ms`);
    // Through the balancer and either web server: the title's page names it too.
    for (let n = 0; n < 4; n++) {
      const page = await fetch(`${site}/title/${titleId}`, { headers: { 'accept-language': 'en' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Topology Tide 3');
    }
  });

  it('lets a reader sign up through one API, pay and buy through the other, and read through the balancer', async () => {
    const [first, second] = apis as [ApiProcess, ApiProcess];
    const editorial = (path: string, form: Record<string, string>) =>
      postForm(`${first.url}${path}`, form, editor.cookie);
    // Three chapters uploaded through the balancer into the bucket, their progress polled through it
    // (each poll may reach either host), all out in a few seconds: the middle one sold at 30 points
    // (the first and the latest are free by the title's rules).
    const episodeIds: number[] = [];
    const polls: number[] = [];
    for (const name of ['Harbour', 'Crossing', 'Landfall']) {
      const started = await fetch(
        `${api}/ops/catalogue/episode/upload?title_id=${titleId}&name_en=${name}&name_ja=${encodeURIComponent('港')}`,
        { method: 'POST', headers: { cookie: editor.cookie, 'content-type': 'application/zip' }, body: await cbz(2) },
      );
      expect(started.status, await started.clone().text()).toBe(200);
      const uploadId = ((await started.json()) as { upload: { upload_id: string } }).upload.upload_id;
      let episodeId = 0;
      await waitFor('the upload to be processed', async () => {
        const res = await fetch(`${api}/ops/catalogue/episode/upload/status?upload_id=${uploadId}`, {
          headers: { cookie: editor.cookie },
        });
        polls.push(res.status);
        const { upload } = (await res.json()) as {
          upload: { state: string; episode_id: number; error_message: string };
        };
        expect(upload.error_message).toBe('');
        episodeId = upload.episode_id;
        return upload.state === 'done';
      });
      episodeIds.push(episodeId);
      // Asked again, a finished upload answers the same from whichever host nginx picks.
      for (let n = 0; n < 4; n++) {
        const res = await fetch(`${api}/ops/catalogue/episode/upload/status?upload_id=${uploadId}`, {
          headers: { cookie: editor.cookie },
        });
        polls.push(res.status);
        expect(await res.json()).toMatchObject({ upload: { state: 'done', episode_id: episodeId } });
      }
    }
    expect(polls.filter((status) => status !== 200)).toEqual([]);
    // Log lines reach the output in batches, within a second (ADR 077).
    await waitFor(
      'both API hosts to log a status poll',
      () =>
        apis.every((process) =>
          /"url":"\/ops\/catalogue\/episode\/upload\/status[^"]*","status":200/.test(process.output()),
        ),
      5_000,
    );
    const sold = episodeIds[1] ?? 0;
    // A release may not be set in the past: a few seconds ahead, on a whole second (the wire's precision).
    const release = Math.ceil((Date.now() + 3_000) / 1_000) * 1_000;
    for (const episodeId of episodeIds) {
      const updated = await editorial('/ops/catalogue/episode/update', {
        episode_id: String(episodeId),
        point: episodeId === sold ? '30' : '0',
        start_time: formatWireDateTime(new Date(release), t.config.wireTimeZone),
        free_until_time: '',
        ticket_rental: '1',
        single_sale: '1',
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    }

    // Sign-up: the link asked for through the first API, the password set through the second.
    const email = `topology-${randomUUID().slice(0, 8)}@example.com`;
    expect((await postForm(`${first.url}/web/account/presave`, { email })).body.response_code).toBe(0);
    const { token } = linkOf(await smtp.takeMail(email));
    const saved = await postForm(`${second.url}/web/account/save`, { password: GOOD_PASSWORD, token });
    expect(saved.body.response_code, JSON.stringify(saved.body)).toBe(0);
    const cookie = cookiesOf(saved.res);
    readerCookie = cookie;
    unreadChapter = episodeIds[2] ?? 0;
    const user = await database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();

    // Pays through the second API (the SDK against the Stripe double); the signed webhook comes
    // through the balancer to whichever API it picks.
    const pack = await shopProduct(database.db, 'US', 'point_pack', 1);
    const checkout = await postForm(`${second.url}/web/stp/outright`, { asset_id: String(pack.id), path: '/' }, cookie);
    expect(checkout.body.response_code, JSON.stringify(checkout.body)).toBe(0);
    const payment = await database.db
      .selectFrom('payment')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const delivery = stripe.event('checkout.session.completed', {
      id: `cs_test_${payment.id}`,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: String(user.id),
      metadata: { payment_id: String(payment.id), user_id: String(user.id), product_id: String(pack.id) },
      payment_intent: `pi_${payment.id}`,
    });
    const webhook = await fetch(`${api}/stp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.body,
    });
    expect(webhook.status, await webhook.clone().text()).toBe(200);
    const credited = await balanceOf(database.db, user.id);
    expect(credited.paid).toBeGreaterThanOrEqual(30);

    // Buys the 30-point chapter through the second API once it is out, reads it through the balancer.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, release - Date.now()) + 500));
    // The new chapters and the editor's price, out at their time on every process (no one touched them).
    for (const process of apis) {
      const listed = await postForm(`${process.url}/episode/list`, { episode_id_list: episodeIds.join(',') });
      const points = new Map(
        ((listed.body.episode_list ?? []) as { episode_id: number; point: number }[]).map((e) => [
          e.episode_id,
          e.point,
        ]),
      );
      expect([...points.keys()].sort()).toEqual([...episodeIds].sort());
      expect(points.get(sold)).toBe(30);
    }
    const bought = await postForm(
      `${second.url}/episode/paid`,
      { episode_id: String(sold), check_point: '30' },
      cookie,
    );
    expect(bought.body.response_code, JSON.stringify(bought.body)).toBe(0);
    expect((await balanceOf(database.db, user.id)).paid).toBe(credited.paid - 30);
    const viewer = await fetch(`${api}/web/episode/viewer?episode_id=${sold}`, { headers: { cookie } });
    const { page_list: pages } = (await viewer.json()) as { page_list: string[] };
    expect(pages).toHaveLength(2);
    for (const url of pages) {
      const image = await fetch(new URL(url, api), { headers: { cookie } });
      expect(image.status, url).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(500);
    }
    expect(await ledgerAnomalies(database.db)).toEqual([]);
  });

  it('answers a page image 503 through the balancer while the bucket is down, the rest of the site and both hosts unaffected', async () => {
    const viewer = await fetch(`${api}/web/episode/viewer?episode_id=${unreadChapter}`, {
      headers: { cookie: readerCookie },
    });
    const { page_list: pages } = (await viewer.json()) as { page_list: string[] };
    expect(pages.length).toBeGreaterThan(0);
    await s3.stop();
    try {
      const reads = startLoad(api, [`/title/list?title_id_list=${titleId}`, '/genre/list'], 2);
      const pagesLoad = startLoad(site, [`/title/${titleId}`], 1);
      for (const url of pages) {
        const image = await fetch(new URL(url, api), { headers: { cookie: readerCookie } });
        expect(image.status, url).toBe(503);
        expect(image.headers.get('retry-after')).not.toBeNull();
        expect(await image.json()).toMatchObject({ status: 'error', response_code: 1099 });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const answers = [...(await reads.stop()), ...(await pagesLoad.stop())];
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
      // Both hosts still in the balancer's rotation: each answers, and nginx finds a live one.
      for (const process of apis) expect((await fetch(`${process.url}/genre/list`)).status).toBe(200);
    } finally {
      await s3.start();
    }
    // The bucket back: the same pages are served (the SDK reconnects on its own).
    for (const url of pages) {
      await expect
        .poll(async () => (await fetch(new URL(url, api), { headers: { cookie: readerCookie } })).status, {
          timeout: 10_000,
        })
        .toBe(200);
    }
  });

  it("writes one page request's id in the web server's log and in the API's", async () => {
    // A query of its own: the page above is in the web's page cache now, and a cached page asks the API nothing.
    const page = await fetch(`${site}/title/${titleId}?ref=${Date.now()}`, { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    const id = page.headers.get('x-request-id') ?? '';
    // nginx's $request_id, taken by the web server that its front is trusted (32 hex digits).
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(
      'the id in the logs',
      () =>
        webs.some((web) => web.output().includes(`"reqId":"${id}"`)) &&
        apis.some((process) => process.output().includes(`"reqId":"${id}"`)),
    );
    const apiLines = apis.flatMap((process) => process.output().split('\n')).filter((line) => line.includes(id));
    // Every API call the page made carries it (the title page asks for more than one thing).
    expect(apiLines.length).toBeGreaterThanOrEqual(1);
    for (const line of apiLines) expect(JSON.parse(line)).toMatchObject({ reqId: id, msg: 'request', status: 200 });
  });

  it('restarts every API process and web server one by one under load without a failed request', async () => {
    expect(FAIL_TIMEOUT_MS).toBeGreaterThan(0);
    const apiLoad = startLoad(api, [`/title/list?title_id_list=${titleId}`, '/genre/list'], 3);
    const siteLoad = startLoad(site, [`/title/${titleId}`, '/'], 2);
    const portOf = (url: string) => Number(new URL(url).port);
    const startedAt = performance.now();
    // The runbook (docs/deploy/README.md): stop one (it finishes what it has, answers 503 to the
    // rest, which nginx sends to the other), start it again, wait for it to answer, then for the
    // balancer's fail_timeout, so that nginx has put it back before the next one goes.
    const backInRotation = () => new Promise((resolve) => setTimeout(resolve, FAIL_TIMEOUT_MS + 1_000));
    for (const [n, old] of apis.entries()) {
      await old.stop();
      apis[n] = await startApiProcess(apiEnv, { main: API_MAIN, readyTimeoutMs: READY_MS, port: portOf(old.url) });
      await backInRotation();
    }
    for (const [n, old] of webs.entries()) {
      await old.stop();
      webs[n] = await startWebServer(webEnv, portOf(old.url));
      await backInRotation();
    }
    const [apiAnswers, siteAnswers] = [await apiLoad.stop(), await siteLoad.stop()];
    const failed = [...apiAnswers, ...siteAnswers].filter((answer) => answer.status !== 200);
    console.log(
      `topology: rolling restart of 2 API processes and 2 web servers in ${Math.round((performance.now() - startedAt) / 1_000)} s: API ${apiAnswers.length} requests, site ${siteAnswers.length} pages, failed ${failed.length}`,
    );
    expect(apiAnswers.length).toBeGreaterThan(0);
    expect(siteAnswers.length).toBeGreaterThan(0);
    expect(failed.map((answer) => `${answer.status} ${answer.body.slice(0, 120)}`).slice(0, 3)).toEqual([]);
  }, 600_000);

  it('keeps answering every read through nginx, and loses or doubles no purchase, while one API process is killed with SIGKILL', async () => {
    // Buyers with points, each buying chapters one after another through the balancer.
    const shop = await insertShopTitle(database.db, { count: 60, price: 10 });
    const buyers = await Promise.all(Array.from({ length: 3 }, () => createReader(t, { paid: 1_000 })));
    const bought = buyers.map(() => [] as { episodeId: number; status: number; code: number | undefined }[]);
    let buying = true;
    const purchaseLoops = buyers.map(async (buyer, n) => {
      for (const episode of shop.episodes.slice(1)) {
        if (!buying) return;
        try {
          const answer = await postForm(
            `${api}/episode/paid`,
            { episode_id: String(episode.id), check_point: '10' },
            buyer.cookie,
          );
          bought[n]?.push({ episodeId: episode.id, status: answer.status, code: answer.body.response_code });
        } catch {
          bought[n]?.push({ episodeId: episode.id, status: 0, code: undefined });
        }
      }
    });
    // Readers' calls; /readyz is for probes, which ask each host directly, not through the balancer.
    const apiLoad = startLoad(api, [`/title/list?title_id_list=${titleId}`, '/genre/list', '/healthz'], 4);
    const siteLoad = startLoad(site, [`/title/${titleId}`, '/'], 2);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const killedAt = performance.now();
    apis[0]?.child.kill('SIGKILL');
    await apis[0]?.exited;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const [apiAnswers, siteAnswers] = [await apiLoad.stop(), await siteLoad.stop()];
    buying = false;
    await Promise.all(purchaseLoops);
    const after = (answers: { at: number }[]) => answers.filter((answer) => answer.at > killedAt).length;
    const failed = [...apiAnswers, ...siteAnswers].filter((answer) => answer.status !== 200);
    // The figures written in docs/deploy/README.md.
    console.log(
      `topology: API ${apiAnswers.length} requests (${after(apiAnswers)} after the kill), site ${siteAnswers.length} pages (${after(siteAnswers)} after), failed ${failed.length}`,
    );
    // Few on a loaded CI machine (tsx processes); what matters is that none failed.
    expect(after(apiAnswers)).toBeGreaterThanOrEqual(5);
    expect(after(siteAnswers)).toBeGreaterThanOrEqual(1);
    expect(
      failed.map((answer) => `${answer.status} ${answer.body.slice(0, 120)}`).slice(0, 3),
      apis[1]?.output().slice(-4000),
    ).toEqual([]);
    // And the survivor answers alone.
    expect((await nameOn(api)).name).toBe('Topology Tide 3');

    // Purchases: every one answered as done is in the database with its debit; one in flight on
    // the killed host may have been cut off (nginx never sends a POST twice), and then it either
    // happened whole or not at all; nothing was bought twice.
    for (const [n, buyer] of buyers.entries()) {
      const answers = bought[n] ?? [];
      const rows = await database.db
        .selectFrom('purchase')
        .select('episode_id')
        .where('user_id', '=', buyer.userId)
        .execute();
      const held = rows.map((row) => row.episode_id);
      expect(new Set(held).size).toBe(held.length);
      for (const answer of answers.filter((a) => a.code === 0)) expect(held).toContain(answer.episodeId);
      const unanswered = answers.filter((a) => a.status !== 200);
      expect(unanswered.length).toBeLessThanOrEqual(1);
      expect(answers.filter((a) => a.status === 200 && a.code !== 0)).toEqual([]);
      expect((await balanceOf(database.db, buyer.userId)).paid).toBe(1_000 - 10 * held.length);
    }
    const purchases = bought.flat();
    console.log(
      `topology: ${purchases.length} purchases through nginx, ${purchases.filter((a) => a.code === 0).length} done, ${purchases.filter((a) => a.status !== 200).length} cut off by the kill`,
    );
    expect(purchases.filter((a) => a.code === 0).length).toBeGreaterThanOrEqual(3);
    // The operator's audit, as the runbook runs it.
    const { url } = await databaseUrlOf(database);
    const audit = await run(process.execPath, ['--import', 'tsx', POINTS_CLI, 'audit', '--database', url]);
    expect(audit.stdout).toContain('Ledger audit: 0 anomalies.');
  }, 300_000);
});
