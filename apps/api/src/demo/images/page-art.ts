// Placeholder comic pages as SVG: a white page with 3–6 bordered panels, simple scenes in the
// title's palette, speech balloons and sound effects. Everything comes from `seed`, so the same spec
// always draws the same page. Margins are left white so labels can be laid over them later
// (see `marginLabelSvg`); the page itself carries them when `labels` is given.
import { SeededRandom } from '#src/demo/catalogue/seeded-random.ts';
import type { ArtPalette } from '#src/demo/images/art-palettes.ts';
import { escapeXml, estimateTextWidth, FONT_FAMILY, fmt, points, wrapText } from '#src/demo/images/svg-text.ts';

export interface PageLabels {
  titleName: string;
  episodeNumber: number;
  pageNumber: number;
}

export interface PlaceholderPageSpec {
  width: number;
  height: number;
  seed: number;
  palette: ArtPalette;
  /** Dialogue to draw from; short lines read best. */
  dialogue: readonly string[];
  /** Sound effects for action panels. */
  soundEffects: readonly string[];
  /** Margin texts; leave out to draw a page whose margins get labels composited later. */
  labels?: PageLabels;
}

export interface PageMargins {
  top: number;
  bottom: number;
  side: number;
}

/** Where the panels sit; the margins stay white. */
export function pageMargins(width: number, height: number): PageMargins {
  return {
    top: Math.round(height * 0.04),
    bottom: Math.round(height * 0.055),
    side: Math.round(width * 0.055),
  };
}

export type MarginSlot = 'title' | 'episode' | 'page';

/**
 * The rectangle of a margin label on a page of this size (integers, inside the bottom margin).
 * All labels sit in the bottom margin so that everything above it is the same for every episode
 * drawing the same pool page (the seeder hashes that part once).
 */
export function marginSlotRect(width: number, height: number, slot: MarginSlot) {
  const margins = pageMargins(width, height);
  const labelHeight = Math.round(margins.bottom * 0.6);
  const top = height - margins.bottom + Math.round((margins.bottom - labelHeight) / 2);
  const contentWidth = width - 2 * margins.side;
  switch (slot) {
    case 'title':
      return { left: margins.side, top, width: Math.round(contentWidth * 0.42), height: labelHeight };
    case 'page': {
      const w = Math.round(contentWidth * 0.14);
      return { left: Math.round((width - w) / 2), top, width: w, height: labelHeight };
    }
    case 'episode': {
      const w = Math.round(contentWidth * 0.3);
      return { left: width - margins.side - w, top, width: w, height: labelHeight };
    }
  }
}

/** A white label for one margin slot, the same pixels whether drawn into the page or composited later. */
export function marginLabelSvg(
  width: number,
  height: number,
  text: string,
  align: 'start' | 'middle' | 'end',
  ink: string,
): string {
  const fitted = Math.floor(width / Math.max(1, estimateTextWidth(text, 1, 'sans')));
  const fontSize = Math.max(8, Math.min(Math.round(height * 0.62), fitted));
  const x = align === 'start' ? 0 : align === 'middle' ? width / 2 : width;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#ffffff"/><text x="${fmt(x)}" y="${fmt(height * 0.72)}" font-size="${fontSize}" ${FONT_FAMILY.sans} text-anchor="${align}" fill="${ink}">${escapeXml(text)}</text></svg>`;
}

export function marginLabelText(
  slot: MarginSlot,
  labels: PageLabels,
): { text: string; align: 'start' | 'middle' | 'end' } {
  switch (slot) {
    case 'title':
      return { text: labels.titleName, align: 'start' };
    case 'episode':
      return { text: `Episode ${labels.episodeNumber}`, align: 'end' };
    case 'page':
      return { text: `${labels.pageNumber}`, align: 'middle' };
  }
}

type Point = readonly [number, number];

interface Panel {
  polygon: Point[];
  box: { x: number; y: number; w: number; h: number };
}

export function placeholderPageSvg(spec: PlaceholderPageSpec): string {
  const { width, height, palette } = spec;
  const rng = new SeededRandom(spec.seed);
  const panels = layoutPanels(width, height, rng);
  const defs: string[] = [toneDefs(palette, width)];
  const body: string[] = [];
  panels.forEach((panel, index) => {
    const clipId = `p${index}`;
    defs.push(`<clipPath id="${clipId}"><polygon points="${points(panel.polygon)}"/></clipPath>`);
    const scene = drawScene(panel, rng, spec, index);
    body.push(`<g clip-path="url(#${clipId})">${scene}</g>`);
    body.push(
      `<polygon points="${points(panel.polygon)}" fill="none" stroke="${palette.ink}" stroke-width="${fmt(width * 0.0045)}" stroke-linejoin="miter"/>`,
    );
  });
  // Balloons go on top of borders, the way lettering overlaps panels in print.
  // Each line at most once per page.
  const lines = rng.shuffle(spec.dialogue);
  panels.forEach((panel, index) => {
    if (index === 0 || rng.chance(0.72)) body.push(drawBalloon(panel, rng, spec, lines[index % lines.length] ?? ''));
  });
  const labels = spec.labels ? labelsSvg(width, height, spec.labels, palette.ink) : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs><rect width="${width}" height="${height}" fill="#ffffff"/>${body.join('')}${labels}</svg>`;
}

function labelsSvg(width: number, height: number, labels: PageLabels, ink: string): string {
  return (['title', 'episode', 'page'] as const)
    .map((slot) => {
      const rect = marginSlotRect(width, height, slot);
      const { text, align } = marginLabelText(slot, labels);
      const inner = marginLabelSvg(rect.width, rect.height, text, align, ink).replace(
        /^<svg /,
        `<svg x="${rect.left}" y="${rect.top}" `,
      );
      return inner;
    })
    .join('');
}

function toneDefs(palette: ArtPalette, width: number): string {
  const dot = Math.max(8, Math.round(width * 0.012));
  return [
    `<pattern id="tone" width="${dot}" height="${dot}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><circle cx="${dot / 2}" cy="${dot / 2}" r="${fmt(dot * 0.28)}" fill="${palette.ink}" opacity="0.55"/></pattern>`,
    `<pattern id="toneDense" width="${dot}" height="${dot}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><circle cx="${dot / 2}" cy="${dot / 2}" r="${fmt(dot * 0.42)}" fill="${palette.ink}" opacity="0.8"/></pattern>`,
    `<pattern id="hatch" width="${dot}" height="${dot}" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)"><line x1="0" y1="0" x2="0" y2="${dot}" stroke="${palette.ink}" stroke-width="${fmt(dot * 0.22)}"/></pattern>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>`,
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.tone}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.accentLight}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
  ].join('');
}

/** Rows separated by (sometimes slanted) gutters, each row split into 1–3 panels. */
function layoutPanels(width: number, height: number, rng: SeededRandom): Panel[] {
  const margins = pageMargins(width, height);
  const x0 = margins.side;
  const x1 = width - margins.side;
  const y0 = margins.top;
  const y1 = height - margins.bottom;
  const gutter = Math.round(width * 0.018);
  const totalPanels = rng.int(3, 6);
  const rowCount = totalPanels <= 3 ? rng.int(2, 3) : totalPanels >= 6 ? rng.int(3, 4) : rng.int(2, 3);
  const rowPanels = distribute(totalPanels, Math.min(rowCount, totalPanels), rng);
  const weights = rowPanels.map((count) => (count === 1 ? rng.range(1.1, 1.6) : rng.range(0.8, 1.2)));
  const weightSum = weights.reduce((a, b) => a + b, 0);

  // Horizontal cuts: y at the left and right edge.
  const cuts: Array<[number, number]> = [[y0, y0]];
  let acc = 0;
  for (let r = 0; r < rowPanels.length - 1; r++) {
    acc += weights[r] as number;
    const y = y0 + ((y1 - y0) * acc) / weightSum;
    const slant = rng.chance(0.35) ? rng.range(-1, 1) * height * 0.04 : 0;
    cuts.push([y - slant, y + slant]);
  }
  cuts.push([y1, y1]);

  const panels: Panel[] = [];
  const yAt = (cut: [number, number], x: number) => cut[0] + ((cut[1] - cut[0]) * (x - x0)) / (x1 - x0);
  rowPanels.forEach((count, r) => {
    const top = cuts[r] as [number, number];
    const bottom = cuts[r + 1] as [number, number];
    const topOffset = r === 0 ? 0 : gutter / 2;
    const bottomOffset = r === rowPanels.length - 1 ? 0 : gutter / 2;
    // Vertical cuts: x at the top and at the bottom of the row.
    const columns: Array<[number, number]> = [[x0, x0]];
    const colWeights = Array.from({ length: count }, () => rng.range(0.7, 1.3));
    const colSum = colWeights.reduce((a, b) => a + b, 0);
    let colAcc = 0;
    for (let c = 0; c < count - 1; c++) {
      colAcc += colWeights[c] as number;
      const x = x0 + ((x1 - x0) * colAcc) / colSum;
      const slant = rng.chance(0.3) ? rng.range(-1, 1) * width * 0.05 : 0;
      columns.push([x + slant, x - slant]);
    }
    columns.push([x1, x1]);
    for (let c = 0; c < count; c++) {
      const left = columns[c] as [number, number];
      const right = columns[c + 1] as [number, number];
      const leftOffset = c === 0 ? 0 : gutter / 2;
      const rightOffset = c === count - 1 ? 0 : gutter / 2;
      const xTopLeft = left[0] + leftOffset;
      const xTopRight = right[0] - rightOffset;
      const xBottomLeft = left[1] + leftOffset;
      const xBottomRight = right[1] - rightOffset;
      const polygon: Point[] = [
        [xTopLeft, yAt(top, xTopLeft) + topOffset],
        [xTopRight, yAt(top, xTopRight) + topOffset],
        [xBottomRight, yAt(bottom, xBottomRight) - bottomOffset],
        [xBottomLeft, yAt(bottom, xBottomLeft) - bottomOffset],
      ];
      const xs = polygon.map((p) => p[0]);
      const ys = polygon.map((p) => p[1]);
      const bx = Math.min(...xs);
      const by = Math.min(...ys);
      panels.push({ polygon, box: { x: bx, y: by, w: Math.max(...xs) - bx, h: Math.max(...ys) - by } });
    }
  });
  return panels;
}

function distribute(total: number, rows: number, rng: SeededRandom): number[] {
  const counts = Array.from({ length: rows }, () => 1);
  for (let left = total - rows; left > 0; left--) {
    const candidates = counts.map((count, index) => ({ count, index })).filter((row) => row.count < 3);
    const chosen = rng.pick(candidates);
    counts[chosen.index] = chosen.count + 1;
  }
  return counts;
}

type Scene = (panel: Panel, rng: SeededRandom, spec: PlaceholderPageSpec) => string;

function drawScene(panel: Panel, rng: SeededRandom, spec: PlaceholderPageSpec, index: number): string {
  const scenes: Scene[] = [radialAction, skyline, closeUp, impact, landscape, runningFigure, quietRoom, closeUp];
  const scene = index === 0 && rng.chance(0.5) ? landscape : rng.pick(scenes);
  return scene(panel, rng, spec);
}

function background(panel: Panel, fill: string): string {
  const { x, y, w, h } = panel.box;
  return `<rect x="${fmt(x - 2)}" y="${fmt(y - 2)}" width="${fmt(w + 4)}" height="${fmt(h + 4)}" fill="${fill}"/>`;
}

/** Focus lines converging on a figure: the classic shōnen reveal. */
const radialAction: Scene = (panel, rng, { palette }) => {
  const { x, y, w, h } = panel.box;
  const cx = x + w * rng.range(0.35, 0.65);
  const cy = y + h * rng.range(0.4, 0.6);
  const reach = Math.hypot(w, h);
  const inner = Math.min(w, h) * rng.range(0.22, 0.32);
  const parts = [
    background(panel, '#ffffff'),
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(inner * 1.6)}" fill="url(#glow)"/>`,
  ];
  const count = rng.int(70, 110);
  const wedges: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2 + rng.range(-0.02, 0.02);
    const spread = rng.range(0.006, 0.02);
    const start = inner * rng.range(1, 1.6);
    const a: Point = [cx + Math.cos(angle) * start, cy + Math.sin(angle) * start];
    const b: Point = [cx + Math.cos(angle - spread) * reach, cy + Math.sin(angle - spread) * reach];
    const c: Point = [cx + Math.cos(angle + spread) * reach, cy + Math.sin(angle + spread) * reach];
    wedges.push(`<polygon points="${points([a, b, c])}"/>`);
  }
  parts.push(`<g fill="${palette.ink}">${wedges.join('')}</g>`);
  parts.push(figure(cx, cy + inner * 1.1, inner * 2.2, palette.ink, palette.accent, rng));
  return parts.join('');
};

/** A city skyline against the palette's sky. */
const skyline: Scene = (panel, rng, { palette }) => {
  const { x, y, w, h } = panel.box;
  const parts = [
    `<rect x="${fmt(x - 2)}" y="${fmt(y - 2)}" width="${fmt(w + 4)}" height="${fmt(h + 4)}" fill="url(#sky)"/>`,
    `<circle cx="${fmt(x + w * rng.range(0.2, 0.8))}" cy="${fmt(y + h * rng.range(0.2, 0.4))}" r="${fmt(Math.min(w, h) * rng.range(0.08, 0.16))}" fill="#ffffff" opacity="0.85"/>`,
  ];
  for (let layer = 0; layer < 2; layer++) {
    let bx = x - 10;
    const color = layer === 0 ? palette.accentDark : palette.ink;
    const baseline = y + h;
    while (bx < x + w) {
      const bw = w * rng.range(0.06, 0.14);
      const bh = h * (layer === 0 ? rng.range(0.35, 0.7) : rng.range(0.2, 0.5));
      parts.push(
        `<rect x="${fmt(bx)}" y="${fmt(baseline - bh)}" width="${fmt(bw)}" height="${fmt(bh + 2)}" fill="${color}" opacity="${layer === 0 ? 0.55 : 1}"/>`,
      );
      if (layer === 1) {
        for (let wy = baseline - bh + 8; wy < baseline - 10; wy += 14) {
          for (let wx = bx + 5; wx < bx + bw - 8; wx += 11) {
            if (rng.chance(0.35))
              parts.push(`<rect x="${fmt(wx)}" y="${fmt(wy)}" width="5" height="7" fill="${palette.accentLight}"/>`);
          }
        }
      }
      bx += bw + rng.range(0, w * 0.02);
    }
  }
  return parts.join('');
};

/** A face in close-up over screentone. */
const closeUp: Scene = (panel, rng, { palette }) => {
  const { x, y, w, h } = panel.box;
  const size = Math.min(w * 0.9, h * 1.1);
  const cx = x + w * rng.range(0.35, 0.65);
  const cy = y + h * 0.55 + size * 0.08;
  const r = size * 0.33;
  const hairColor = rng.chance(0.5) ? palette.ink : palette.accentDark;
  const parts = [background(panel, '#ffffff'), background(panel, rng.chance(0.5) ? 'url(#tone)' : 'url(#fade)')];
  // Shoulders.
  parts.push(
    `<path d="M${fmt(cx - r * 2)} ${fmt(cy + r * 2.4)} Q${fmt(cx - r * 1.6)} ${fmt(cy + r * 1.1)} ${fmt(cx)} ${fmt(cy + r * 1.05)} Q${fmt(cx + r * 1.6)} ${fmt(cy + r * 1.1)} ${fmt(cx + r * 2)} ${fmt(cy + r * 2.4)} Z" fill="${palette.accent}" stroke="${palette.ink}" stroke-width="3"/>`,
  );
  // Face.
  parts.push(
    `<path d="M${fmt(cx - r * 0.85)} ${fmt(cy - r * 0.3)} Q${fmt(cx - r * 0.85)} ${fmt(cy + r * 0.55)} ${fmt(cx)} ${fmt(cy + r * 0.95)} Q${fmt(cx + r * 0.85)} ${fmt(cy + r * 0.55)} ${fmt(cx + r * 0.85)} ${fmt(cy - r * 0.3)} Z" fill="#ffffff" stroke="${palette.ink}" stroke-width="3"/>`,
  );
  // Spiky hair.
  const spikes: Point[] = [];
  const spikeCount = rng.int(7, 11);
  for (let i = 0; i <= spikeCount; i++) {
    const t = Math.PI + (i / spikeCount) * Math.PI;
    const len = i % 2 === 0 ? r * rng.range(1.15, 1.45) : r * 0.9;
    spikes.push([cx + Math.cos(t) * len, cy - r * 0.15 + Math.sin(t) * len]);
  }
  spikes.push(
    [cx + r * 0.95, cy + r * 0.1],
    [cx + r * 0.5, cy - r * 0.35],
    [cx, cy - r * 0.2],
    [cx - r * 0.5, cy - r * 0.4],
    [cx - r * 0.95, cy + r * 0.1],
  );
  parts.push(`<polygon points="${points(spikes)}" fill="${hairColor}" stroke="${palette.ink}" stroke-width="3"/>`);
  // Eyes with highlights.
  for (const side of [-1, 1]) {
    const ex = cx + side * r * 0.38;
    const ey = cy + r * 0.12;
    parts.push(
      `<ellipse cx="${fmt(ex)}" cy="${fmt(ey)}" rx="${fmt(r * 0.17)}" ry="${fmt(r * 0.24)}" fill="${palette.ink}"/>`,
      `<ellipse cx="${fmt(ex)}" cy="${fmt(ey + r * 0.06)}" rx="${fmt(r * 0.11)}" ry="${fmt(r * 0.14)}" fill="${palette.accent}"/>`,
      `<circle cx="${fmt(ex - r * 0.06)}" cy="${fmt(ey - r * 0.1)}" r="${fmt(r * 0.06)}" fill="#ffffff"/>`,
      `<path d="M${fmt(ex - r * 0.22)} ${fmt(ey - r * 0.33)} L${fmt(ex + r * 0.2)} ${fmt(ey - r * (side > 0 ? 0.3 : 0.36))}" stroke="${palette.ink}" stroke-width="4" stroke-linecap="round"/>`,
    );
  }
  const mouthOpen = rng.chance(0.4);
  parts.push(
    mouthOpen
      ? `<path d="M${fmt(cx - r * 0.14)} ${fmt(cy + r * 0.58)} Q${fmt(cx)} ${fmt(cy + r * 0.8)} ${fmt(cx + r * 0.14)} ${fmt(cy + r * 0.58)} Z" fill="${palette.ink}"/>`
      : `<path d="M${fmt(cx - r * 0.12)} ${fmt(cy + r * 0.62)} Q${fmt(cx)} ${fmt(cy + r * 0.68)} ${fmt(cx + r * 0.12)} ${fmt(cy + r * 0.62)}" fill="none" stroke="${palette.ink}" stroke-width="3"/>`,
  );
  if (rng.chance(0.4)) {
    // Blush hatching.
    for (const side of [-1, 1]) {
      parts.push(
        `<ellipse cx="${fmt(cx + side * r * 0.5)}" cy="${fmt(cy + r * 0.45)}" rx="${fmt(r * 0.14)}" ry="${fmt(r * 0.06)}" fill="${palette.accentLight}"/>`,
      );
    }
  }
  return parts.join('');
};

/** An impact burst with a sound effect. */
const impact: Scene = (panel, rng, spec) => {
  const { palette } = spec;
  const { x, y, w, h } = panel.box;
  const cx = x + w * rng.range(0.3, 0.7);
  const cy = y + h * rng.range(0.35, 0.65);
  const outer = Math.max(w, h) * 0.55;
  const parts = [background(panel, palette.ink)];
  const star = (radius: number, innerRatio: number, spikes: number) => {
    const list: Point[] = [];
    for (let i = 0; i < spikes * 2; i++) {
      const angle = (i / (spikes * 2)) * Math.PI * 2;
      const len = i % 2 === 0 ? radius * rng.range(0.85, 1.1) : radius * innerRatio;
      list.push([cx + Math.cos(angle) * len, cy + Math.sin(angle) * len]);
    }
    return points(list);
  };
  parts.push(`<polygon points="${star(outer, 0.55, 16)}" fill="${palette.accent}"/>`);
  parts.push(`<polygon points="${star(outer * 0.62, 0.6, 13)}" fill="#ffffff"/>`);
  parts.push(`<polygon points="${star(outer * 0.3, 0.55, 10)}" fill="${palette.accentLight}"/>`);
  const sfx = rng.pick(spec.soundEffects);
  const fontSize = Math.min(h * 0.42, (w * 0.9) / Math.max(2, sfx.length * 0.62));
  const angle = rng.range(-14, 14);
  parts.push(
    `<text x="${fmt(cx)}" y="${fmt(cy + fontSize * 0.35)}" font-size="${fmt(fontSize)}" ${FONT_FAMILY.condensedBold} text-anchor="middle" fill="${palette.ink}" stroke="#ffffff" stroke-width="${fmt(fontSize * 0.08)}" paint-order="stroke" transform="rotate(${fmt(angle)} ${fmt(cx)} ${fmt(cy)})">${escapeXml(sfx)}</text>`,
  );
  return parts.join('');
};

/** Layered mountains under a big moon or sun. */
const landscape: Scene = (panel, rng, { palette }) => {
  const { x, y, w, h } = panel.box;
  const parts = [
    `<rect x="${fmt(x - 2)}" y="${fmt(y - 2)}" width="${fmt(w + 4)}" height="${fmt(h + 4)}" fill="url(#sky)"/>`,
    `<circle cx="${fmt(x + w * rng.range(0.15, 0.85))}" cy="${fmt(y + h * rng.range(0.18, 0.35))}" r="${fmt(Math.min(w, h) * rng.range(0.1, 0.2))}" fill="#ffffff" opacity="0.9"/>`,
  ];
  const layers = [
    { color: palette.accentLight, base: 0.55, amp: 0.25, opacity: 0.9 },
    { color: palette.accent, base: 0.7, amp: 0.2, opacity: 0.8 },
    { color: palette.ink, base: 0.85, amp: 0.12, opacity: 1 },
  ];
  for (const layer of layers) {
    const peaks: Point[] = [[x - 4, y + h + 4]];
    const steps = rng.int(4, 8);
    for (let i = 0; i <= steps; i++) {
      const px = x - 4 + ((w + 8) * i) / steps;
      const py = y + h * (layer.base - rng.range(0, layer.amp));
      peaks.push([px, py]);
    }
    peaks.push([x + w + 4, y + h + 4]);
    parts.push(`<polygon points="${points(peaks)}" fill="${layer.color}" opacity="${layer.opacity}"/>`);
  }
  if (rng.chance(0.6)) {
    const scale = h * rng.range(0.25, 0.4);
    parts.push(figure(x + w * rng.range(0.25, 0.75), y + h * 0.95, scale, palette.ink, palette.accent, rng));
  }
  return parts.join('');
};

/** A running figure with horizontal motion lines. */
const runningFigure: Scene = (panel, rng, spec) => {
  const { palette } = spec;
  const { x, y, w, h } = panel.box;
  const parts = [background(panel, '#ffffff')];
  const lines: string[] = [];
  const count = rng.int(26, 44);
  for (let i = 0; i < count; i++) {
    const ly = y + rng.range(0, h);
    const lx = x + rng.range(-w * 0.2, w * 0.6);
    const len = w * rng.range(0.3, 0.9);
    const thick = rng.range(1, 5);
    lines.push(`<rect x="${fmt(lx)}" y="${fmt(ly)}" width="${fmt(len)}" height="${fmt(thick)}"/>`);
  }
  parts.push(`<g fill="${palette.ink}" opacity="0.85">${lines.join('')}</g>`);
  const scale = Math.min(h * 0.85, w * 0.9);
  parts.push(figure(x + w * rng.range(0.55, 0.75), y + h * 0.95, scale, palette.ink, palette.accent, rng, true));
  if (rng.chance(0.5)) {
    const sfx = rng.pick(spec.soundEffects);
    const fontSize = Math.min(h * 0.22, w * 0.16);
    parts.push(
      `<text x="${fmt(x + w * 0.06)}" y="${fmt(y + h * 0.3)}" font-size="${fmt(fontSize)}" ${FONT_FAMILY.condensedBold} fill="${palette.accent}" stroke="${palette.ink}" stroke-width="${fmt(fontSize * 0.05)}" paint-order="stroke" transform="rotate(-10 ${fmt(x + w * 0.2)} ${fmt(y + h * 0.3)})">${escapeXml(sfx)}</text>`,
    );
  }
  return parts.join('');
};

/** A window, a floor line and a small figure: a quiet beat between action panels. */
const quietRoom: Scene = (panel, rng, { palette }) => {
  const { x, y, w, h } = panel.box;
  const parts = [background(panel, '#ffffff'), background(panel, 'url(#hatch)')];
  const wx = x + w * rng.range(0.1, 0.45);
  const wy = y + h * 0.12;
  const ww = w * rng.range(0.35, 0.5);
  const wh = h * 0.5;
  parts.push(
    `<rect x="${fmt(wx)}" y="${fmt(wy)}" width="${fmt(ww)}" height="${fmt(wh)}" fill="url(#sky)" stroke="${palette.ink}" stroke-width="5"/>`,
    `<line x1="${fmt(wx + ww / 2)}" y1="${fmt(wy)}" x2="${fmt(wx + ww / 2)}" y2="${fmt(wy + wh)}" stroke="${palette.ink}" stroke-width="4"/>`,
    `<line x1="${fmt(wx)}" y1="${fmt(wy + wh / 2)}" x2="${fmt(wx + ww)}" y2="${fmt(wy + wh / 2)}" stroke="${palette.ink}" stroke-width="4"/>`,
    `<rect x="${fmt(x - 2)}" y="${fmt(y + h * 0.78)}" width="${fmt(w + 4)}" height="${fmt(h * 0.25)}" fill="${palette.tone}"/>`,
    `<line x1="${fmt(x)}" y1="${fmt(y + h * 0.78)}" x2="${fmt(x + w)}" y2="${fmt(y + h * 0.78)}" stroke="${palette.ink}" stroke-width="3"/>`,
  );
  parts.push(figure(x + w * rng.range(0.6, 0.85), y + h * 0.92, h * 0.55, palette.ink, palette.accent, rng));
  return parts.join('');
};

/** A simple standing or running silhouette whose feet are at (cx, baseY). */
function figure(
  cx: number,
  baseY: number,
  height: number,
  ink: string,
  accent: string,
  rng: SeededRandom,
  running = false,
): string {
  const s = height / 10;
  const headY = baseY - s * 8.6;
  const lean = running ? s * 1.2 : 0;
  const scarf = rng.chance(0.5);
  const parts = [
    `<circle cx="${fmt(cx + lean)}" cy="${fmt(headY)}" r="${fmt(s * 1.05)}" fill="${ink}"/>`,
    `<path d="M${fmt(cx + lean - s * 1.3)} ${fmt(headY + s * 1.3)} L${fmt(cx + lean + s * 1.3)} ${fmt(headY + s * 1.3)} L${fmt(cx + s * 1)} ${fmt(baseY - s * 4)} L${fmt(cx - s * 1)} ${fmt(baseY - s * 4)} Z" fill="${ink}"/>`,
  ];
  if (running) {
    parts.push(
      `<path d="M${fmt(cx - s * 0.6)} ${fmt(baseY - s * 4.2)} L${fmt(cx - s * 2.8)} ${fmt(baseY - s * 1.6)} L${fmt(cx - s * 3.6)} ${fmt(baseY - s * 0.2)}" stroke="${ink}" stroke-width="${fmt(s * 0.9)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M${fmt(cx + s * 0.5)} ${fmt(baseY - s * 4.2)} L${fmt(cx + s * 2.2)} ${fmt(baseY - s * 2.4)} L${fmt(cx + s * 1.6)} ${fmt(baseY)}" stroke="${ink}" stroke-width="${fmt(s * 0.9)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M${fmt(cx + lean - s)} ${fmt(headY + s * 2)} L${fmt(cx - s * 2.6)} ${fmt(headY + s * 3.4)}" stroke="${ink}" stroke-width="${fmt(s * 0.7)}" stroke-linecap="round"/>`,
      `<path d="M${fmt(cx + lean + s)} ${fmt(headY + s * 2)} L${fmt(cx + s * 3.4)} ${fmt(headY + s * 1.2)}" stroke="${ink}" stroke-width="${fmt(s * 0.7)}" stroke-linecap="round"/>`,
    );
  } else {
    parts.push(
      `<path d="M${fmt(cx - s * 0.6)} ${fmt(baseY - s * 4.2)} L${fmt(cx - s * 0.9)} ${fmt(baseY)}" stroke="${ink}" stroke-width="${fmt(s * 0.9)}" stroke-linecap="round"/>`,
      `<path d="M${fmt(cx + s * 0.6)} ${fmt(baseY - s * 4.2)} L${fmt(cx + s * 0.9)} ${fmt(baseY)}" stroke="${ink}" stroke-width="${fmt(s * 0.9)}" stroke-linecap="round"/>`,
      `<path d="M${fmt(cx - s * 1.2)} ${fmt(headY + s * 1.6)} L${fmt(cx - s * 1.7)} ${fmt(baseY - s * 4)}" stroke="${ink}" stroke-width="${fmt(s * 0.65)}" stroke-linecap="round"/>`,
      `<path d="M${fmt(cx + s * 1.2)} ${fmt(headY + s * 1.6)} L${fmt(cx + s * 1.7)} ${fmt(baseY - s * 4)}" stroke="${ink}" stroke-width="${fmt(s * 0.65)}" stroke-linecap="round"/>`,
    );
  }
  if (scarf) {
    parts.push(
      `<path d="M${fmt(cx + lean - s * 1)} ${fmt(headY + s * 1.2)} Q${fmt(cx - s * 3)} ${fmt(headY + s * 0.6)} ${fmt(cx - s * 4.5)} ${fmt(headY + s * (running ? 0.2 : 2.5))}" stroke="${accent}" stroke-width="${fmt(s * 0.6)}" fill="none" stroke-linecap="round"/>`,
    );
  }
  return parts.join('');
}

/** A speech balloon (or a narration box) with one or two short lines. */
function drawBalloon(panel: Panel, rng: SeededRandom, spec: PlaceholderPageSpec, text: string): string {
  const { palette, width } = spec;
  const { x, y, w, h } = panel.box;
  const fontSize = Math.round(width * 0.022);
  const maxWidth = Math.min(w * 0.55, fontSize * 11);
  const lines = wrapText(text, fontSize, 'sansBold', maxWidth).slice(0, 3);
  const textWidth = Math.max(...lines.map((line) => estimateTextWidth(line, fontSize, 'sansBold')));
  const lineHeight = fontSize * 1.2;
  const textHeight = lines.length * lineHeight;
  const narration = rng.chance(0.18);
  const rx = textWidth / 2 + fontSize * (narration ? 0.6 : 1.1);
  const ry = textHeight / 2 + fontSize * (narration ? 0.5 : 0.9);
  const onLeft = rng.chance(0.5);
  const bx = Math.min(Math.max(x + rx + w * 0.04, onLeft ? x + w * 0.3 : x + w * 0.7), x + w - rx - w * 0.04);
  const by = Math.min(y + ry + h * 0.05, y + h - ry - 4);
  const stroke = Math.max(2, width * 0.0028);
  const parts: string[] = [];
  if (narration) {
    parts.push(
      `<rect x="${fmt(bx - rx)}" y="${fmt(by - ry)}" width="${fmt(rx * 2)}" height="${fmt(ry * 2)}" fill="#ffffff" stroke="${palette.ink}" stroke-width="${fmt(stroke)}"/>`,
    );
  } else {
    const tailX = bx + (onLeft ? rx * 0.3 : -rx * 0.3);
    const tipX = tailX + (onLeft ? rx * 0.5 : -rx * 0.5);
    const tipY = by + ry + Math.min(h * 0.18, fontSize * 2.4);
    const tail = points([
      [tailX - fontSize * 0.6, by + ry * 0.6],
      [tipX, tipY],
      [tailX + fontSize * 0.6, by + ry * 0.6],
    ]);
    parts.push(
      `<polygon points="${tail}" fill="#ffffff" stroke="${palette.ink}" stroke-width="${fmt(stroke)}" stroke-linejoin="round"/>`,
    );
    parts.push(
      `<ellipse cx="${fmt(bx)}" cy="${fmt(by)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="#ffffff" stroke="${palette.ink}" stroke-width="${fmt(stroke)}"/>`,
    );
    // Cover the ellipse outline where the tail joins it.
    const joint = points([
      [tailX - fontSize * 0.6 + stroke * 1.5, by + ry * 0.6],
      [tipX + (tailX - tipX) * 0.3, by + ry + stroke * 1.5],
      [tailX + fontSize * 0.6 - stroke * 1.5, by + ry * 0.6],
    ]);
    parts.push(`<polygon points="${joint}" fill="#ffffff"/>`);
  }
  const firstBaseline = by - textHeight / 2 + lineHeight * 0.8;
  parts.push(
    `<text ${FONT_FAMILY.sansBold} font-size="${fontSize}" text-anchor="middle" fill="${palette.ink}">${lines
      .map((line, i) => `<tspan x="${fmt(bx)}" y="${fmt(firstBaseline + i * lineHeight)}">${escapeXml(line)}</tspan>`)
      .join('')}</text>`,
  );
  return parts.join('');
}
