// The files of docs/deploy are real (issue 25): the API parses api.env as production configuration,
// every variable of the example env files is in the README's configuration table, the variables both
// processes read agree, the systemd units start files the build writes with env files that exist
// (and pass `systemd-analyze verify` where it is installed), the balancer passes `nginx -t`, and the
// alerting rules name only metrics the API serves (the web server's: apps/web/server/metrics.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, repositoryRoot } from '#src/config.ts';
import { createDatabase } from '#src/db/database.ts';
import { createApiMetrics } from '#src/plugins/metrics.plugin.ts';
import { CatalogueRevisionFeed } from '#src/services/catalogue-revision-feed.service.ts';
import { HotImageCache } from '#src/services/hot-image-cache.service.ts';
import { JobScheduler } from '#src/services/job-scheduler.service.ts';
import { OutcomeEvents } from '#src/services/outcome-events.service.ts';

const deploy = join(repositoryRoot, 'docs/deploy');
const read = (path: string) => readFileSync(join(deploy, path), 'utf8');

/** KEY=value lines of an env file (systemd's EnvironmentFile format: no quotes needed). */
function envFile(path: string): Record<string, string> {
  return Object.fromEntries(
    read(path)
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('docs/deploy examples', () => {
  const api = envFile('env/api.env');
  const web = envFile('env/web.env');

  it('api.env is a production configuration the API accepts', () => {
    const config = loadConfig(api);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/^postgres:/);
    expect(config.objectStorage?.bucket).toBe('manga-pages');
    expect(config.metricsPort).toBe(9464);
    expect(config.trustProxy).toBe(1);
  });

  it('names only documented variables, and the shared ones agree between the API and the web server', () => {
    const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
    for (const name of [...Object.keys(api), ...Object.keys(web)]) expect(readme, name).toContain(`\`${name}\``);
    for (const shared of [
      'MANGA_ENV',
      'MANGA_PROXY_SECRET',
      'MANGA_TRUST_PROXY',
      'MANGA_PUBLIC_API_URL',
      'MANGA_WEB_ORIGIN',
      'MANGA_DATA_DIR',
    ]) {
      expect(web[shared], shared).toBe(api[shared]);
    }
  });

  it('the systemd units start files the build writes, with env files that exist', () => {
    const units = readdirSync(join(deploy, 'systemd'));
    expect(units).toEqual(
      expect.arrayContaining(['manga-api.service', 'manga-web.service', 'manga-backup.service', 'manga-backup.timer']),
    );
    const apiBuild = readFileSync(join(repositoryRoot, 'apps/api/scripts/build.mjs'), 'utf8');
    const webBuild = readFileSync(join(repositoryRoot, 'apps/web/scripts/build-server.mjs'), 'utf8');
    for (const unit of units) {
      const text = read(`systemd/${unit}`);
      for (const [, file] of text.matchAll(/\/srv\/manga\/apps\/api\/dist\/([a-z-]+)\.js/g))
        expect(apiBuild, `${unit}: dist/${file}.js`).toMatch(new RegExp(`${file}: 'src/`));
      for (const [, file] of text.matchAll(/\/srv\/manga\/apps\/web\/build\/([a-z-]+)\.js/g))
        expect(webBuild, `${unit}: build/${file}.js`).toContain(`'${file}': 'server/main.ts'`);
      for (const [, env] of text.matchAll(/EnvironmentFile=\/etc\/manga\/([a-z]+\.env)/g))
        expect(readdirSync(join(deploy, 'env')), unit).toContain(env);
    }
  });

  const systemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
  it.runIf(systemdAnalyze)('the systemd units pass systemd-analyze verify', () => {
    for (const unit of readdirSync(join(deploy, 'systemd'))) {
      const verify = spawnSync('systemd-analyze', ['verify', join(deploy, 'systemd', unit)], { encoding: 'utf8' });
      expect(`${verify.status} ${verify.stderr}`, unit).toBe('0 ');
    }
  });

  const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => spawnSync(path, ['-v']).status === 0);
  it.runIf(nginx !== undefined)('the balancer passes nginx -t', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-balancer-'));
    try {
      // Its own ports instead of 80 and 8081, which need root or may be taken; -t binds nothing.
      writeFileSync(join(dir, 'nginx.conf'), read('nginx/balancer.conf'));
      const check = spawnSync(
        nginx as string,
        ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `pid ${dir}/nginx.pid; error_log stderr;`],
        { encoding: 'utf8' },
      );
      expect(check.status, check.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the alerting rules are valid YAML and name only metrics that are served', async () => {
    const text = read('prometheus/manga-rules.yml');
    const rules = parse(text) as { groups: { name: string; rules: { alert: string; expr: string }[] }[] };
    expect(rules.groups.length).toBeGreaterThan(0);
    for (const group of rules.groups)
      for (const rule of group.rules) expect(rule.alert && rule.expr, group.name).toBeTruthy();
    const served = await servedApiMetrics();
    const named = apiMetricsNamedIn(text);
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) expect(served, name).toContain(name);
  });

  it('the Grafana dashboard has a Prometheus data source variable, and its panels query only served metrics', async () => {
    const dashboard = JSON.parse(read('grafana/manga-dashboard.json')) as GrafanaDashboard;
    expect(dashboard.uid && dashboard.title).toBeTruthy();
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(15);
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of graphs) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a template.
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.gridPos.w, panel.title).toBeGreaterThan(0);
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) expect(target.expr, panel.title).toMatch(/\bmanga_[a-z]/);
    }
    const served = await servedApiMetrics();
    const exprs = graphs.flatMap((panel) => panel.targets.map((target) => target.expr)).join('\n');
    for (const name of apiMetricsNamedIn(exprs)) expect(served, name).toContain(name);
    // Every metric of ours (not prom-client's process defaults) has a panel.
    for (const name of served)
      if (!name.startsWith('manga_api_')) expect(apiMetricsNamedIn(exprs), name).toContain(name);
  });
});

interface GrafanaDashboard {
  uid: string;
  title: string;
  templating: { list: { name: string; type: string; query: string }[] };
  panels: {
    id: number;
    type: string;
    title: string;
    datasource?: unknown;
    gridPos: { w: number; h: number; x: number; y: number };
    targets: { expr: string }[];
  }[];
}

/** The metric families an API process serves (checked by name; the web server's by its own test). */
async function servedApiMetrics(): Promise<Set<string>> {
  const database = await createDatabase({ url: 'sqlite::memory:' });
  try {
    const jobs = new JobScheduler(
      { claimJob: async () => undefined, renewLease: async () => false, finishJob: async () => false },
      { now: () => 0 },
    );
    const feed = new CatalogueRevisionFeed({ read: async () => 0 } as never, undefined, {} as never);
    // A PostgreSQL-shaped handle, so that the pool's metrics are listed too.
    const { registry } = createApiMetrics({
      database: { ...database, poolStats: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }) },
      jobs,
      hotImages: new HotImageCache(0),
      catalogueRevision: feed,
      events: new OutcomeEvents(),
    });
    return new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
  } finally {
    await database.close();
  }
}

/** The API metric families `text` names (a histogram's _bucket, _count and _sum are its family). */
function apiMetricsNamedIn(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/\bmanga_[a-z0-9_]+/g)]
      .map(([name]) => name.replace(/_(bucket|count|sum)$/, ''))
      .filter((name) => !name.startsWith('manga_web_')),
  );
}
