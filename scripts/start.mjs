#!/usr/bin/env node
// `npm start`: the whole service on one machine with the embedded defaults (README "Quick start").
// Builds the web app when its build is missing or older than its sources, then runs the API (:3001)
// and the web server (:3000, proxying /api to the API) until either stops or Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm start   (web on MANGA_WEB_PORT, default 3000; API on MANGA_API_PORT, default 3001)');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const webBuild = join(root, 'apps/web/build/server/index.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/app', 'packages/contracts/src', 'packages/api-client/src'].map((d) => join(root, d));
const stale = !existsSync(webBuild) || Math.max(...sources.map(newestMtime)) > statSync(webBuild).mtimeMs;
if (stale) {
  console.log('[start] building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@manga/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['server.mjs'], { cwd: join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('[start] API on http://localhost:3001 · web on http://localhost:3000 (API also under /api)');

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
