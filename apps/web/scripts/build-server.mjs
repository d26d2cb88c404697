#!/usr/bin/env node
// The second half of `npm run build -w @manga/web`: the production server (server/main.ts and its
// modules) compiled by esbuild into build/web-server.js, after `react-router build` wrote
// build/client and build/server. npm packages stay external, our workspace packages are bundled; the
// app itself is not bundled here: the server imports the server build at run time and takes the
// parsed env from it (ADR 012).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: node scripts/build-server.mjs   (writes apps/web/build/web-server.js; run by npm run build)');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * npm packages stay external; relative paths and our workspace packages (`@manga/…`, TypeScript
 * sources) are bundled. `#app/…` is imported for types only.
 */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('#app/')) throw new Error(`server/ may import the app for types only: ${args.path}`);
      return args.path.startsWith('@manga/') ? undefined : { path: args.path, external: true };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { 'web-server': 'server/main.ts' },
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
