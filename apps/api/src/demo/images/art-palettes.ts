/** Colours of one title's placeholder art. Pages stay mostly black and white like printed manga. */
export interface ArtPalette {
  name: string;
  ink: string; // line art
  tone: string; // light screentone grey
  accent: string; // the title's colour
  accentDark: string;
  accentLight: string;
  sky: readonly [string, string];
}

export const ART_PALETTES: readonly ArtPalette[] = [
  {
    name: 'crimson',
    ink: '#16161d',
    tone: '#c9c9cf',
    accent: '#d7263d',
    accentDark: '#5c0a1b',
    accentLight: '#f7b2bd',
    sky: ['#ffd6a5', '#ff6b6b'],
  },
  {
    name: 'ocean',
    ink: '#0f1a2a',
    tone: '#c3cad6',
    accent: '#1b6ca8',
    accentDark: '#0b2545',
    accentLight: '#a9d6f5',
    sky: ['#caf0f8', '#0077b6'],
  },
  {
    name: 'forest',
    ink: '#142018',
    tone: '#c8d0c8',
    accent: '#2d936c',
    accentDark: '#0d3b2e',
    accentLight: '#b7e4c7',
    sky: ['#e9f5db', '#52b788'],
  },
  {
    name: 'sunset',
    ink: '#1d1411',
    tone: '#d3cbc6',
    accent: '#f77f00',
    accentDark: '#6a2c00',
    accentLight: '#ffd8a8',
    sky: ['#fcbf49', '#d62828'],
  },
  {
    name: 'violet',
    ink: '#17121f',
    tone: '#cdc6d6',
    accent: '#7b2cbf',
    accentDark: '#2d0a4e',
    accentLight: '#e0c3fc',
    sky: ['#e0aaff', '#5a189a'],
  },
  {
    name: 'sakura',
    ink: '#22161b',
    tone: '#d8cdd1',
    accent: '#ef476f',
    accentDark: '#6b1d36',
    accentLight: '#ffd6e0',
    sky: ['#fff0f3', '#ff8fab'],
  },
  {
    name: 'steel',
    ink: '#111418',
    tone: '#c6cacf',
    accent: '#4a5d73',
    accentDark: '#1b2430',
    accentLight: '#d5dde6',
    sky: ['#e3e8ee', '#6c7a89'],
  },
  {
    name: 'gold',
    ink: '#1a1608',
    tone: '#d2cfc2',
    accent: '#e0a800',
    accentDark: '#5c4300',
    accentLight: '#fff3b0',
    sky: ['#fff8dc', '#f4a261'],
  },
];
