// Helpers for writing SVG by hand: escaping and a rough text measure for the DejaVu fonts that
// librsvg (inside sharp) finds on this machine. There is no text layout engine here, so widths are
// estimated from average glyph widths; callers leave slack.

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Average advance per glyph, in em, for the faces the art uses. */
const EM_PER_CHAR = {
  sans: 0.58,
  sansBold: 0.64,
  condensedBold: 0.58,
  serif: 0.6,
} as const;

export type FontFace = keyof typeof EM_PER_CHAR;

export const FONT_FAMILY: Record<FontFace, string> = {
  sans: `font-family="DejaVu Sans, sans-serif"`,
  sansBold: `font-family="DejaVu Sans, sans-serif" font-weight="bold"`,
  condensedBold: `font-family="DejaVu Sans Condensed, DejaVu Sans, sans-serif" font-weight="bold" font-stretch="condensed"`,
  serif: `font-family="DejaVu Serif, serif"`,
};

export function estimateTextWidth(text: string, fontSize: number, face: FontFace): number {
  let ems = 0;
  for (const char of text) {
    if (char === ' ') ems += 0.32;
    else if ("il.,:;!|'’".includes(char)) ems += 0.3;
    else if ('MW@'.includes(char)) ems += 0.9;
    else if (char >= 'A' && char <= 'Z') ems += EM_PER_CHAR[face] * 1.15;
    else ems += EM_PER_CHAR[face];
  }
  return ems * fontSize;
}

/** Greedy word wrap to lines of at most `maxWidth` (a single long word gets its own line). */
export function wrapText(text: string, fontSize: number, face: FontFace, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && estimateTextWidth(candidate, fontSize, face) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Largest font size (down to `minSize`) at which `text` wraps into at most `maxLines` lines that fit the box. */
export function fitText(
  text: string,
  face: FontFace,
  box: { width: number; height: number },
  {
    maxSize,
    minSize,
    maxLines,
    lineHeight = 1.1,
  }: { maxSize: number; minSize: number; maxLines: number; lineHeight?: number },
): { fontSize: number; lines: string[] } {
  for (let size = maxSize; size > minSize; size -= Math.max(1, Math.round(size * 0.06))) {
    const lines = wrapText(text, size, face, box.width);
    const fits =
      lines.length <= maxLines &&
      lines.length * size * lineHeight <= box.height &&
      lines.every((line) => estimateTextWidth(line, size, face) <= box.width);
    if (fits) return { fontSize: size, lines };
  }
  return { fontSize: minSize, lines: wrapText(text, minSize, face, box.width).slice(0, maxLines) };
}

export function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

export function points(list: ReadonlyArray<readonly [number, number]>): string {
  return list.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');
}
