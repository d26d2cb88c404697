import type { ReactNode, SVGProps } from 'react';

// The icons the app draws, in one set (ADR 032). Each is a glyph in currentColor: its box, whether it
// is drawn with strokes or filled, and its shapes. Icons are decorative (aria-hidden): the control or
// text beside them carries the words.

interface Glyph {
  viewBox: string;
  /** `stroke`: outlines 2 units wide, no fill; `fill`: filled shapes. */
  paint: 'stroke' | 'fill';
  /** Round line ends and joins (the reader's controls). */
  round?: boolean;
  body: ReactNode;
}

const reader = (d: string): Glyph => ({ viewBox: '0 0 24 24', paint: 'stroke', round: true, body: <path d={d} /> });

const GLYPHS = {
  // The reader's controls (ADR 016).
  back: reader('M15 5l-7 7 7 7'),
  chevronLeft: reader('M14 6l-6 6 6 6'),
  chevronRight: reader('M10 6l6 6-6 6'),
  chapterPrevious: reader('M18 6l-6 6 6 6M11 6l-6 6 6 6'),
  chapterNext: reader('M6 6l6 6-6 6M13 6l6 6-6 6'),
  fullscreen: reader('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'),
  fullscreenExit: reader('M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5'),
  vertical: reader('M8 3h8v7H8zM8 14h8v7H8zM12 10v4'),
  paged: reader('M3 5h8v14H3zM13 5h8v14h-8z'),
  zoomIn: reader('M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M11 8v6M8 11h6'),
  zoomOut: reader('M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6'),
  shift: reader('M4 8h13l-3-3M20 16H7l3 3'),
  thumbnails: reader('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z'),
  expand: reader('M4 12h16M8 8l-4 4 4 4M16 8l4 4-4 4'),
  split: reader('M3 5h18v14H3zM12 5v14M7 9l-2 3 2 3M17 9l2 3-2 3'),
  home: reader('M4 11l8-7 8 7M6 9.5V20h12V9.5'),
  lock: reader('M6 10h12v10H6zM8.5 10V7a3.5 3.5 0 0 1 7 0v3'),
  clock: reader('M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2'),
  ticket: reader('M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM14 7v10'),
  close: reader('M6 6l12 12M18 6L6 18'),
  bookmark: reader('M7 4h10v16l-5-4-5 4z'),
  incognito: reader(
    'M3 11h18M6 11l2-6h8l2 6M7 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM17 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM10 15h4',
  ),
  bell: reader('M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0'),
  /** The tools that do not fit the phone's row (ADR 060). */
  more: {
    viewBox: '0 0 24 24',
    paint: 'fill',
    body: (
      <>
        <circle cx="5" cy="12" r="2" />
        <circle cx="12" cy="12" r="2" />
        <circle cx="19" cy="12" r="2" />
      </>
    ),
  },
  // Offline reading (ADR 052).
  download: reader('M12 4v11M7 10l5 5 5-5M5 20h14'),
  downloaded: reader('M5 12.5l4.5 4.5L19 7.5M5 21h14'),
  // Across the site.
  /** Following a title, liking a comment; `filled` when on. */
  heart: {
    viewBox: '0 0 24 24',
    paint: 'stroke',
    body: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" strokeLinejoin="round" />,
  },
  /** The small "more" arrow of links and breadcrumbs. */
  arrowRight: { viewBox: '0 0 16 16', paint: 'fill', body: <path d="M6 3.5 10.5 8 6 12.5 5 11.5 8.5 8 5 4.5z" /> },
  /** A field's or a post's refusal, beside its words. */
  alert: {
    viewBox: '0 0 20 20',
    paint: 'fill',
    body: <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.8h1.8v1.8H9.1v-1.8Z" />,
  },
  /** A form's failed call (FormError). */
  alertOutline: {
    viewBox: '0 0 24 24',
    paint: 'stroke',
    body: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" strokeLinecap="round" />
      </>
    ),
  },
  /** A price in points (colour it amber). */
  coin: {
    viewBox: '0 0 16 16',
    paint: 'fill',
    body: (
      <>
        <circle cx="8" cy="8" r="7" />
        <path d="M8 4v8M5.5 6.5h5" stroke="#fff" strokeWidth="1.6" />
      </>
    ),
  },
  /** A rental ticket (the title page). */
  rentalTicket: {
    viewBox: '0 0 24 24',
    paint: 'stroke',
    body: (
      <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    ),
  },
  /** Closing a dialog. */
  dismiss: { viewBox: '0 0 24 24', paint: 'stroke', body: <path d="M6 6l12 12M18 6 6 18" /> },
  /** The phone's tab bar (ADR 060): search and the reader's library. */
  search: reader('M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4'),
  library: reader('M4 4h4v16H4zM10 4h4v16h-4zM16.5 4.5l3.5 1-4 15-3.5-1'),
  /** The account menu's person. */
  person: {
    viewBox: '0 0 24 24',
    paint: 'stroke',
    body: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </>
    ),
  },
} satisfies Record<string, Glyph>;

export type IconName = keyof typeof GLYPHS;

/** The names of every icon, for tests and pickers. */
export const ICON_NAMES = Object.keys(GLYPHS) as IconName[];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'fill' | 'stroke' | 'viewBox'> {
  name: IconName;
  /** Size and colour utilities; `size-5` unless given. */
  className?: string;
  /** A stroke icon filled in (a heart that is on). */
  filled?: boolean;
}

export function Icon({ name, className = 'size-5', filled = false, ...rest }: IconProps) {
  const glyph: Glyph = GLYPHS[name];
  const paint: SVGProps<SVGSVGElement> =
    glyph.paint === 'fill'
      ? { fill: 'currentColor' }
      : {
          fill: filled ? 'currentColor' : 'none',
          stroke: 'currentColor',
          strokeWidth: 2,
          ...(glyph.round ? { strokeLinecap: 'round', strokeLinejoin: 'round' } : {}),
        };
  return (
    <svg viewBox={glyph.viewBox} className={className} aria-hidden="true" focusable="false" {...paint} {...rest}>
      {glyph.body}
    </svg>
  );
}
