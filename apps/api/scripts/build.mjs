#!/usr/bin/env node
// `npm run build -w @manga/api`: the API compiled for production (ADR 020): src/main.ts and what it
// imports, our workspace packages included, bundled by esbuild into dist/main.js (with a source
// map); npm packages stay external and load from node_modules as usual. `npm start` runs this build
// with plain `node`, not through a TypeScript loader.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: npm run build -w @manga/api   (writes apps/api/dist/main.js and migrate.js)');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = fileURLToPath(new URL('../dist', import.meta.url));

/** npm packages stay external; `#src/…`, relative paths and `@manga/…` workspace packages are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@manga/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', migrate: 'src/cli/migrate.cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
for (const [file, { bytes }] of outputs) console.log(`${file} ${(bytes / 1024).toFixed(0)} KB`);
