// Placeholder covers and banners as SVG: a bold colour field, a big shape (sun, burst or stripes),
// a character silhouette and the title in large outlined type with the author underneath.
// The layout adapts to the aspect ratio so square thumbnails, wide tiles and banners all read well.
import { SeededRandom } from '#src/demo/catalogue/seeded-random.ts';
import type { ArtPalette } from '#src/demo/images/art-palettes.ts';
import { escapeXml, FONT_FAMILY, fitText, fmt, points } from '#src/demo/images/svg-text.ts';

export interface CoverSpec {
  width: number;
  height: number;
  seed: number;
  palette: ArtPalette;
  titleName: string;
  authorName: string;
  /** A small label in the corner, e.g. the genre or "NEW". */
  badge?: string;
  /** A line under the title on wide layouts, e.g. "Every Tuesday". */
  tagline?: string;
}

type Point = readonly [number, number];

export function coverSvg(spec: CoverSpec): string {
  const { width: W, height: H, palette } = spec;
  const rng = new SeededRandom(spec.seed);
  const wide = W / H > 1.25;
  const defs = [
    `<linearGradient id="bg" x1="0" y1="0" x2="${wide ? 1 : 0.4}" y2="1"><stop offset="0" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.accentDark}"/></linearGradient>`,
    `<radialGradient id="halo"><stop offset="0" stop-color="${palette.accentLight}" stop-opacity="0.95"/><stop offset="0.6" stop-color="${palette.accentLight}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.accentLight}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.55"/></linearGradient>`,
  ];
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="url(#bg)"/>`];

  // The hero sits right of the text on wide layouts and at the bottom on tall or square ones.
  const heroX = wide ? W * rng.range(0.68, 0.78) : W * rng.range(0.4, 0.6);
  const heroBase = H * 1.02;
  const heroHeight = wide ? H * 0.95 : H * 0.62;
  const focusY = heroBase - heroHeight * 0.8;
  const motif = rng.int(0, 2);
  if (motif === 0) {
    parts.push(`<circle cx="${fmt(heroX)}" cy="${fmt(focusY)}" r="${fmt(Math.max(W, H) * 0.42)}" fill="url(#halo)"/>`);
    parts.push(
      `<circle cx="${fmt(heroX)}" cy="${fmt(focusY)}" r="${fmt(Math.min(W, H) * 0.3)}" fill="${palette.accentLight}" opacity="0.9"/>`,
    );
  } else if (motif === 1) {
    const rays: string[] = [];
    const reach = Math.hypot(W, H);
    const count = 22;
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      const b = a + Math.PI / count;
      rays.push(
        `<polygon points="${points([
          [heroX, focusY],
          [heroX + Math.cos(a) * reach, focusY + Math.sin(a) * reach],
          [heroX + Math.cos(b) * reach, focusY + Math.sin(b) * reach],
        ])}"/>`,
      );
    }
    parts.push(`<g fill="${palette.accentLight}" opacity="0.28">${rays.join('')}</g>`);
  } else {
    const stripes: string[] = [];
    const step = Math.max(W, H) / 9;
    for (let i = -10; i < 20; i += 2) {
      const x = i * step;
      stripes.push(
        `<polygon points="${points([
          [x, 0],
          [x + step, 0],
          [x + step - H * 0.6, H],
          [x - H * 0.6, H],
        ])}"/>`,
      );
    }
    parts.push(`<g fill="${palette.accentDark}" opacity="0.35">${stripes.join('')}</g>`);
    parts.push(`<circle cx="${fmt(heroX)}" cy="${fmt(focusY)}" r="${fmt(Math.min(W, H) * 0.34)}" fill="url(#halo)"/>`);
  }
  // Halftone dots along the bottom edge only: a full-page pattern costs librsvg ~15× the render time.
  parts.push(halftoneBand(W, H, rng));
  parts.push(hero(heroX, heroBase, heroHeight, palette, rng));
  parts.push(`<rect width="${W}" height="${H}" fill="url(#shade)"/>`);

  // Title block.
  const pad = Math.round(Math.min(W, H) * 0.06);
  const titleBox = wide
    ? { x: pad, y: pad * 1.6, width: W * 0.52, height: H * 0.58 }
    : { x: pad, y: pad * 1.7, width: W - 2 * pad, height: H * 0.36 };
  const fit = fitText(spec.titleName.toUpperCase(), 'condensedBold', titleBox, {
    maxSize: Math.round(Math.min(W, H) * (wide ? 0.2 : 0.15)),
    minSize: Math.max(12, Math.round(Math.min(W, H) * 0.05)),
    maxLines: wide ? 3 : 4,
    lineHeight: 1.02,
  });
  const lineHeight = fit.fontSize * 1.02;
  const strokeWidth = Math.max(2, fit.fontSize * 0.12);
  const tspans = fit.lines
    .map(
      (line, i) =>
        `<tspan x="${fmt(titleBox.x)}" y="${fmt(titleBox.y + fit.fontSize * 0.85 + i * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  parts.push(
    `<text ${FONT_FAMILY.condensedBold} font-size="${fit.fontSize}" fill="#ffffff" stroke="${palette.ink}" stroke-width="${fmt(strokeWidth)}" stroke-linejoin="round" paint-order="stroke" letter-spacing="${fmt(fit.fontSize * -0.01)}">${tspans}</text>`,
  );
  // An accent bar under the title.
  const barY = titleBox.y + fit.fontSize * 0.85 + (fit.lines.length - 1) * lineHeight + fit.fontSize * 0.3;
  parts.push(
    `<rect x="${fmt(titleBox.x)}" y="${fmt(barY)}" width="${fmt(Math.min(titleBox.width, fit.fontSize * 3))}" height="${fmt(Math.max(3, fit.fontSize * 0.1))}" fill="${palette.accentLight}"/>`,
  );
  if (wide && spec.tagline) {
    const size = Math.round(Math.max(12, H * 0.065));
    parts.push(
      `<text x="${fmt(titleBox.x)}" y="${fmt(barY + size * 1.8)}" font-size="${size}" ${FONT_FAMILY.sansBold} fill="#ffffff">${escapeXml(spec.tagline)}</text>`,
    );
  }

  // Author along the bottom.
  const authorSize = Math.round(Math.max(11, Math.min(W, H) * 0.055));
  parts.push(
    `<text x="${fmt(pad)}" y="${fmt(H - pad * 0.9)}" font-size="${authorSize}" ${FONT_FAMILY.sansBold} fill="#ffffff" stroke="${palette.ink}" stroke-width="${fmt(authorSize * 0.14)}" paint-order="stroke" letter-spacing="${fmt(authorSize * 0.06)}">${escapeXml(spec.authorName.toUpperCase())}</text>`,
  );
  if (spec.badge) {
    const size = Math.round(Math.max(10, Math.min(W, H) * 0.045));
    const badgeWidth = spec.badge.length * size * 0.68 + size * 1.2;
    parts.push(
      `<rect x="${fmt(pad)}" y="${fmt(pad * 0.55)}" width="${fmt(badgeWidth)}" height="${fmt(size * 1.6)}" rx="${fmt(size * 0.3)}" fill="${palette.ink}"/>`,
      `<text x="${fmt(pad + size * 0.6)}" y="${fmt(pad * 0.55 + size * 1.15)}" font-size="${size}" ${FONT_FAMILY.sansBold} fill="${palette.accentLight}" letter-spacing="${fmt(size * 0.05)}">${escapeXml(spec.badge.toUpperCase())}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

/** A few rows of growing dots, the printed-halftone look, drawn as plain circles. */
function halftoneBand(W: number, H: number, rng: SeededRandom): string {
  const step = Math.max(10, Math.round(Math.min(W, H) * 0.035));
  const rows = 6;
  const fromTop = rng.chance(0.5);
  const dots: string[] = [];
  for (let r = 0; r < rows; r++) {
    const y = fromTop ? step * (r + 0.5) : H - step * (r + 0.5);
    const radius = step * 0.42 * (1 - r / rows);
    for (let x = (r % 2) * (step / 2); x < W + step; x += step) {
      dots.push(`<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(radius)}"/>`);
    }
  }
  return `<g fill="#ffffff" opacity="0.18">${dots.join('')}</g>`;
}

/** A bust-up silhouette with swept spiky hair, glowing eyes and a rim light; chest at baseY. */
function hero(cx: number, baseY: number, height: number, palette: ArtPalette, rng: SeededRandom): string {
  const s = height / 10;
  const headY = baseY - s * 6.6;
  const headR = s * 1.45;
  const facing = rng.chance(0.5) ? 1 : -1;
  const shoulders = `M${fmt(cx - s * 3.4)} ${fmt(baseY)} Q${fmt(cx - s * 3.3)} ${fmt(headY + s * 2.9)} ${fmt(cx - s * 0.9)} ${fmt(headY + s * 2.3)} L${fmt(cx + s * 0.9)} ${fmt(headY + s * 2.3)} Q${fmt(cx + s * 3.3)} ${fmt(headY + s * 2.9)} ${fmt(cx + s * 3.4)} ${fmt(baseY)} Z`;
  const neck = `M${fmt(cx - s * 0.55)} ${fmt(headY + headR * 0.7)} L${fmt(cx + s * 0.55)} ${fmt(headY + headR * 0.7)} L${fmt(cx + s * 0.65)} ${fmt(headY + s * 2.5)} L${fmt(cx - s * 0.65)} ${fmt(headY + s * 2.5)} Z`;
  const face = `M${fmt(cx - headR)} ${fmt(headY - headR * 0.2)} Q${fmt(cx - headR)} ${fmt(headY + headR * 0.9)} ${fmt(cx)} ${fmt(headY + headR * 1.15)} Q${fmt(cx + headR)} ${fmt(headY + headR * 0.9)} ${fmt(cx + headR)} ${fmt(headY - headR * 0.2)} Z`;
  // Hair: spikes swept away from the way the hero faces, from one temple over the crown to the other.
  const hair: Point[] = [];
  const spikeCount = rng.int(6, 9);
  const sweep = -facing * 0.35;
  for (let i = 0; i <= spikeCount; i++) {
    const t = Math.PI * 0.92 + (i / spikeCount) * Math.PI * 1.16;
    hair.push([cx + Math.cos(t) * headR * 0.98, headY + Math.sin(t) * headR * 0.98]);
    if (i < spikeCount) {
      const mid = t + (Math.PI * 1.16) / spikeCount / 2 + sweep;
      const len = headR * rng.range(1.5, 2.1);
      hair.push([cx + Math.cos(mid) * len, headY + Math.sin(mid) * len]);
    }
  }
  // Side locks hanging past the cheeks.
  hair.push([cx + headR * 1.15, headY + headR * 0.75], [cx + headR * 0.75, headY - headR * 0.05]);
  hair.push([cx - headR * 0.75, headY - headR * 0.05], [cx - headR * 1.15, headY + headR * 0.75]);
  const rim = palette.accentLight;
  const ink = palette.ink;
  const glow = rng.chance(0.6);
  const eyes = glow
    ? [-1, 1]
        .map((side) => {
          const ex = cx + side * headR * 0.42 + facing * headR * 0.08;
          const ey = headY + headR * 0.28;
          return `<path d="M${fmt(ex - headR * 0.22)} ${fmt(ey - headR * 0.04)} L${fmt(ex + headR * 0.22)} ${fmt(ey - headR * 0.12 * side)} L${fmt(ex + headR * 0.12)} ${fmt(ey + headR * 0.1)} Z" fill="${rim}"/>`;
        })
        .join('')
    : '';
  const stroke = fmt(s * 0.12);
  return [
    `<path d="${shoulders}" fill="${ink}" stroke="${rim}" stroke-width="${stroke}"/>`,
    `<path d="${neck}" fill="${ink}"/>`,
    `<path d="${face}" fill="${ink}" stroke="${rim}" stroke-width="${stroke}"/>`,
    `<polygon points="${points(hair)}" fill="${ink}" stroke="${rim}" stroke-width="${stroke}" stroke-linejoin="round"/>`,
    eyes,
    `<path d="M${fmt(cx - s * 3.2)} ${fmt(headY + s * 3.3)} L${fmt(cx - s * 0.9)} ${fmt(headY + s * 2.4)} L${fmt(cx)} ${fmt(headY + s * 3.4)} L${fmt(cx + s * 0.9)} ${fmt(headY + s * 2.4)} L${fmt(cx + s * 3.2)} ${fmt(headY + s * 3.3)}" stroke="${palette.accent}" stroke-width="${fmt(s * 0.35)}" fill="none" stroke-linejoin="round"/>`,
  ].join('');
}
