#!/usr/bin/env node
// The third step of `npm run build -w @manga/web` (ADR 052): the service worker
// (service-worker/service-worker.ts) bundled by esbuild with its Workbox modules, then Workbox's
// injectManifest writes the precache list (hashed assets, icons, manifest, the offline page) into
// build/client/sw.js.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'Usage: node scripts/build-service-worker.mjs   (writes apps/web/build/client/sw.js; run by npm run build)',
  );
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = `${root}build/client`;
const bundled = `${root}build/sw-source.js`;

await build({
  absWorkingDir: root,
  entryPoints: ['service-worker/service-worker.ts'],
  outfile: bundled,
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

// The offline page changes with every build of the app: its revision is the build's asset list.
const assets = (await readdir(`${clientDir}/assets`)).sort();
const buildRevision = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: `${clientDir}/sw.js`,
  globDirectory: clientDir,
  globPatterns: ['assets/**/*.{js,css}', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
  // Hashed names need no revision; the rest get Workbox's hash of their bytes.
  dontCacheBustURLsMatching: /^assets\//,
  additionalManifestEntries: [{ url: '/offline', revision: buildRevision }],
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
const worker = await readFile(`${clientDir}/sw.js`, 'utf8');
if (worker.includes('self.__WB_MANIFEST')) throw new Error('the precache list was not injected into sw.js');
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`);
