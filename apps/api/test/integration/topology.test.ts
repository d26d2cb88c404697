// The several-hosts topology of docs/deploy (issue 25), on one machine: nginx with the documented
// balancer.conf in front of two API processes and two web servers (each on its own port and data
// directory, as if on separate hosts), PostgreSQL, Redis and the loopback S3 server. A catalogue
// change made through one API is seen through the other on the next request; one page request's id
// is in the web server's log and the API's; one API process killed with SIGKILL under load, and
// every request through nginx still succeeds. PostgreSQL suite only (several hosts need it), with
// REDIS_URL and nginx; the web servers run from the production build (`npm run build -w @manga/web`,
// done here when it is missing, as `npm start` does for the browser tests).
import { type ChildProcess, spawnSync } from 'node:child_process';
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
import { StaffRole } from '@manga/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '#src/config.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { createStaff, type Reader } from '#test/comments.ts';
import { databaseUrlOf } from '#test/commerce.ts';
import { type TestDatabase, testDialect } from '#test/db.ts';
import { type ApiProcess, spawnLogged, startApiProcess, startLoad } from '#test/fault-api.ts';
import { waitFor } from '#test/fault-servers.ts';
import { NGINX, startNginx } from '#test/nginx.ts';
import { freePort, S3_TEST_CREDENTIALS, S3_TEST_REGION, startS3Server, type TestS3Server } from '#test/s3.ts';

const WEB_SERVER = join(repositoryRoot, 'apps/web/build/web-server.js');
const API_MAIN = join(repositoryRoot, 'apps/api/dist/main.js');
/** Start-ups on a loaded CI machine (two cores shared) take long; the processes are real. */
const READY_MS = 180_000;
const BALANCER = join(repositoryRoot, 'docs/deploy/nginx/balancer.conf');
const redisUrl = process.env.REDIS_URL;
const PROXY_SECRET = 'topology-proxy-secret-0123456789abcdef';

interface WebProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

async function startWebServer(env: Record<string, string>): Promise<WebProcess> {
  const port = await freePort();
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
  const apis: ApiProcess[] = [];
  const webs: WebProcess[] = [];

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
    // One after the other: tsx start-ups at once on a busy machine outlast the wait.
    for (let n = 0; n < 2; n++) {
      apis.push(
        await startApiProcess(
          {
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
            // Long enough that only the push can explain a change seen at once (ADR 040).
            MANGA_CATALOGUE_PUSH_RECHECK_SECONDS: '600',
            MANGA_LOG_LEVEL: 'info',
          },
          { main: API_MAIN, readyTimeoutMs: READY_MS },
        ),
      );
    }
    for (let n = 0; n < 2; n++) {
      webs.push(
        await startWebServer({
          ...shared,
          MANGA_API_URL: api,
          MANGA_WEB_TRUST_REQUEST_ID: 'true',
        }),
      );
    }
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
    await t?.close();
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  });

  const nameOn = async (base: string) => {
    const res = await fetch(`${base}/title/list?title_id_list=${titleId}`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title_list: { title_name: string }[] };
    return { name: body.title_list[0]?.title_name, cache: res.headers.get('x-manga-cache') };
  };

  it('shows an editor’s change made through one API on the other at its next request, and on the site', async () => {
    const [first, second] = apis as [ApiProcess, ApiProcess];
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
      expect((await nameOn(other.url)).name).toBe(`Topology Tide ${round}`);
      expect((await nameOn(api)).name).toBe(`Topology Tide ${round}`);
    }
    // Through the balancer and either web server: the title's page names it too.
    for (let n = 0; n < 4; n++) {
      const page = await fetch(`${site}/title/${titleId}`, { headers: { 'accept-language': 'en' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Topology Tide 3');
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

  it('keeps answering every request through nginx while one API process is killed with SIGKILL', async () => {
    const apiLoad = startLoad(api, [`/title/list?title_id_list=${titleId}`, '/genre/list', '/readyz'], 4);
    const siteLoad = startLoad(site, [`/title/${titleId}`, '/'], 2);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const killedAt = performance.now();
    apis[0]?.child.kill('SIGKILL');
    await apis[0]?.exited;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const [apiAnswers, siteAnswers] = [await apiLoad.stop(), await siteLoad.stop()];
    const after = (answers: { at: number }[]) => answers.filter((answer) => answer.at > killedAt).length;
    const failed = [...apiAnswers, ...siteAnswers].filter((answer) => answer.status !== 200);
    // The figures written in docs/deploy/README.md.
    console.log(
      `topology: API ${apiAnswers.length} requests (${after(apiAnswers)} after the kill), site ${siteAnswers.length} pages (${after(siteAnswers)} after), failed ${failed.length}`,
    );
    // Few on a loaded CI machine (tsx processes); what matters is that none failed.
    expect(after(apiAnswers)).toBeGreaterThanOrEqual(5);
    expect(after(siteAnswers)).toBeGreaterThanOrEqual(1);
    expect(failed.map((answer) => `${answer.status} ${answer.body.slice(0, 120)}`)).toEqual([]);
    // And the survivor answers alone.
    expect((await nameOn(api)).name).toBe('Topology Tide 3');
  });
});
