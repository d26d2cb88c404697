#!/usr/bin/env node
// The app icons of the web app manifest (ADR 052), drawn by sharp from the brand mark
// (public/favicon.svg): 192 and 512 px, a maskable 512 px (the mark inside the safe zone on the
// brand's ground) and the 180 px Apple touch icon. Run after the mark changes; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: node scripts/make-icons.mjs   (writes apps/web/public/icons/*.png from public/favicon.svg)');
  process.exit(0);
}

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const mark = await readFile(`${publicDir}favicon.svg`);
const GROUND = '#0f1115';

async function plain(size, name) {
  await sharp(mark, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(`${publicDir}icons/${name}`);
}

/** The mark at 60 % on a full-bleed square: launchers may crop up to a circle of 80 %. */
async function maskable(size, name) {
  const inner = Math.round(size * 0.6);
  const drawn = await sharp(mark, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: GROUND } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png()
    .toFile(`${publicDir}icons/${name}`);
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'maskable-512.png');
await maskable(180, 'apple-touch-icon.png');
console.log('icons written to public/icons/');
