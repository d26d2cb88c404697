// WCAG 2.x contrast of the web app's colours, computed from the design tokens themselves (app.css's
// @theme and Tailwind's theme.css), so that a token change that breaks AA fails here (issue 14: the
// brand-blue buttons and the disabled state). Checked: the pairs the design uses by name, and every
// class list in the source, or composed by the Button primitive, that puts white text on a brand
// background or gives a disabled state.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOADING_BAR_COLOR } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonClassName } from '#app/components/ui/button.tsx';

const app = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);
const tailwindTheme = join(dirname(require.resolve('tailwindcss/package.json')), 'theme.css');

/** AA for normal-size text (and for the state of a control, which we hold to the same bar). */
const AA = 4.5;

type Rgb = [number, number, number];

/** `--color-name: value;` declarations of a CSS file. */
function colourTokens(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  return new Map(
    [...text.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]),
  );
}

const tokens = new Map([...colourTokens(tailwindTheme), ...colourTokens(join(app, 'app.css'))]);

/** sRGB 0–1 channels of `#rgb`, `#rrggbb` or `oklch(L% C H)`. */
function parseColour(value: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as Rgb;
  }
  const oklch = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(value);
  if (oklch) return oklchToSrgb(Number(oklch[1]) / 100, Number(oklch[2]), Number(oklch[3]));
  throw new Error(`unsupported colour ${value}`);
}

/** OKLCH to gamma-encoded sRGB (Björn Ottosson's OKLab matrices), clipped to the gamut. */
function oklchToSrgb(l: number, c: number, hueDegrees: number): Rgb {
  const h = (hueDegrees * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return linear.map((v) => {
    const x = Math.min(1, Math.max(0, v));
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  }) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A token's colour by Tailwind name (`brand-500`, `zinc-200`, `white`). */
function token(name: string): Rgb {
  const value = tokens.get(name);
  if (!value) throw new Error(`no token --color-${name}`);
  return parseColour(value);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(app, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name.startsWith('+')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every string literal of the app that reads as a Tailwind class list, with its file. */
const sourceClassLists = sourceFiles('.').flatMap((file) =>
  [...readFileSync(join(app, file), 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*\b(?:bg|text)-[^1\n]*?)\1/g)].map(
    (m) => ({ file, classes: (m[2] as string).split(/\s+/) }),
  ),
);

/** The class lists the Button primitive composes (ADR 032), one per variant and size: what buttons get. */
const buttonClassLists = BUTTON_VARIANTS.flatMap((variant) =>
  BUTTON_SIZES.map((size) => ({
    file: `components/ui/button.tsx (${variant}, ${size})`,
    classes: buttonClassName({ variant, size }).split(' '),
  })),
);

const classLists = [...sourceClassLists, ...buttonClassLists];

/** The unprefixed (no state, no opacity) colour of a utility (`bg`, `text`) in a class list. */
function plainColour(classes: readonly string[], prefix: string, state = ''): string | undefined {
  const pattern = new RegExp(`^${state}${prefix}-([a-z]+(?:-\\d+)?)$`);
  return classes.map((c) => pattern.exec(c)?.[1]).find((name) => name !== undefined && tokens.has(name));
}

describe('design tokens meet WCAG AA', () => {
  it('reads the tokens it checks (hex and oklch)', () => {
    expect(token('white')).toEqual([1, 1, 1]);
    // Tailwind's zinc-900 is #18181b: the oklch conversion is right to a channel step.
    const zinc900 = token('zinc-900').map((v) => Math.round(v * 255));
    expect(zinc900).toEqual([0x18, 0x18, 0x1b]);
    expect(contrast([0, 0, 0], [1, 1, 1])).toBeCloseTo(21, 5);
  });

  it('white on the brand buttons and their hover; the brand blues as text on white and on brand tints', () => {
    for (const shade of ['brand-500', 'brand-600', 'brand-700']) {
      expect(contrast(token('white'), token(shade)), `white on ${shade}`).toBeGreaterThanOrEqual(AA);
    }
    for (const [text, background] of [
      ['brand-600', 'white'],
      ['brand-700', 'white'],
      ['brand-700', 'brand-50'],
      ['brand-700', 'brand-100'],
      ['brand-400', 'ink'],
    ] as const) {
      expect(contrast(token(text), token(background)), `${text} on ${background}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('the disabled state: zinc-600 on zinc-200', () => {
    expect(contrast(token('zinc-600'), token('zinc-200'))).toBeGreaterThanOrEqual(AA);
  });

  it('the loading bar keeps product §9 blue, which is not a text or button colour', () => {
    expect(LOADING_BAR_COLOR).toBe('#469bf9');
    expect(contrast(parseColour(LOADING_BAR_COLOR), token('white'))).toBeLessThan(AA);
  });

  it('every class list with white text on a brand background passes', () => {
    const found = classLists.flatMap(({ file, classes }) => {
      const background = plainColour(classes, 'bg');
      if (!background?.startsWith('brand-') || !classes.includes('text-white')) return [];
      return [{ file, background, ratio: contrast(token('white'), token(background)) }];
    });
    expect(found.length).toBeGreaterThan(5);
    expect(found.filter((f) => f.ratio < AA)).toEqual([]);
  });

  it('every disabled state names its colours and passes; none fades by opacity', () => {
    const disabled = classLists.filter(({ classes }) => classes.some((c) => c.startsWith('disabled:')));
    const faded = disabled.filter(({ classes }) => classes.some((c) => c.startsWith('disabled:opacity-')));
    expect(faded.map(({ file }) => file)).toEqual([]);
    const pairs = disabled.flatMap(({ file, classes }) => {
      const background = plainColour(classes, 'bg', 'disabled:');
      const text = plainColour(classes, 'text', 'disabled:');
      return background && text ? [{ file, text, background, ratio: contrast(token(text), token(background)) }] : [];
    });
    expect(pairs.length).toBeGreaterThan(5);
    expect(pairs.filter((p) => p.ratio < AA)).toEqual([]);
  });
});
