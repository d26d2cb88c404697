#!/usr/bin/env node
// Runs the Biome CLI from its Linux package (ADR 010). The registry this project installs from carries
// only Biome's Linux builds, and `npm ci` refuses a lockfile that misses the other platforms listed by
// `@biomejs/biome`, so the platform packages are our own optional dependencies and this picks one.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const candidates = [`@biomejs/cli-${process.platform}-${process.arch}/biome`];

let binary;
for (const candidate of candidates) {
  try {
    binary = require.resolve(candidate);
    break;
  } catch {
    // try the next candidate
  }
}
if (!binary) {
  console.error(
    `No Biome build for ${process.platform}-${process.arch}. Install @biomejs/cli-${process.platform}-${process.arch} (npm i -D --no-save) to lint here.`,
  );
  process.exit(1);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
