#!/usr/bin/env node
// `npm start`: the whole service on one machine with the embedded defaults (README "Quick start").
// Builds the API (esbuild, apps/api/dist) and the web app when a build is missing or older than its
// sources, then runs the compiled API (:3001) and the web server (:3000, proxying /api to the API)
// with plain `node` until either stops or Ctrl-C (ADR 020).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm start   (web on MANGA_WEB_PORT, default 3000; API on MANGA_API_PORT, default 3001)');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// The web build's last output: the production server, written after the app's client and server builds.
const webBuild = join(root, 'apps/web/build/web-server.js');
const apiBuild = join(root, 'apps/api/dist/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build -w <workspace>` when `output` is missing or older than any of `sourceDirs`. */
function buildIfStale(workspace, output, sourceDirs) {
  const dirs = sourceDirs.map((d) => join(root, d));
  if (existsSync(output) && Math.max(...dirs.map(newestMtime)) <= statSync(output).mtimeMs) return;
  console.log(`[start] building ${workspace}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const shared = ['packages/contracts/src', 'packages/api-client/src', 'packages/observability/src'];
buildIfStale('@manga/api', apiBuild, ['apps/api/src', ...shared]);
buildIfStale('@manga/web', webBuild, ['apps/web/app', 'apps/web/server', ...shared]);

const children = [
  spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--enable-source-maps', 'build/web-server.js'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const apiPort = process.env.MANGA_API_PORT || '3001';
const webPort = process.env.MANGA_WEB_PORT || '3000';
console.log(`[start] API on http://localhost:${apiPort} · web on http://localhost:${webPort} (API also under /api)`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
    process.exit(code),
  );
}
for (const child of children) child.once('exit', (code) => stop(code ?? 1));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
