// The reader's display settings (product §3): isVertical, isExpand and isSliderMenuMode persist across
// visits (localStorage), isFullscreen for the session (sessionStorage), and the "shift by one page"
// of each episode (localStorage). Storage can be missing or refuse writes (private modes, quotas):
// then the settings hold for the page only.

export interface ViewerSettings {
  /** Vertical (scroll) reading instead of paging. */
  isVertical: boolean;
  /** Vertical mode: pages as wide as the window instead of a reading column. */
  isExpand: boolean;
  /** The page slider shows its strip of thumbnails. */
  isSliderMenuMode: boolean;
  /** On a phone held upright, a double-page spread is shown as its two halves in reading order (issue 28). */
  isSplitSpreads: boolean;
}

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = Object.freeze({
  isVertical: false,
  isExpand: false,
  isSliderMenuMode: false,
  isSplitSpreads: false,
});

export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const VIEWER_SETTINGS_KEY = 'viewerSettings';
export const VIEWER_FULLSCREEN_KEY = 'viewerFullscreen';
export const VIEWER_SHIFT_KEY = 'viewerShiftedEpisodes';
/** Shifted episodes remembered; the oldest are forgotten first. */
const MAX_SHIFTED_EPISODES = 500;

function read(storage: SettingsStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: SettingsStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or refused: the setting lasts for this page.
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function readViewerSettings(storage: SettingsStorage | undefined): ViewerSettings {
  const stored = parseJson(read(storage, VIEWER_SETTINGS_KEY));
  const settings = { ...DEFAULT_VIEWER_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(settings) as (keyof ViewerSettings)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') settings[key] = value;
    }
  }
  return settings;
}

export function writeViewerSettings(storage: SettingsStorage | undefined, settings: ViewerSettings): void {
  write(storage, VIEWER_SETTINGS_KEY, JSON.stringify(settings));
}

export function readFullscreen(session: SettingsStorage | undefined): boolean {
  return read(session, VIEWER_FULLSCREEN_KEY) === '1';
}

export function writeFullscreen(session: SettingsStorage | undefined, on: boolean): void {
  write(session, VIEWER_FULLSCREEN_KEY, on ? '1' : '0');
}

function shiftedEpisodes(storage: SettingsStorage | undefined): number[] {
  const stored = parseJson(read(storage, VIEWER_SHIFT_KEY));
  return Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

export function readShifted(storage: SettingsStorage | undefined, episodeId: number): boolean {
  return shiftedEpisodes(storage).includes(episodeId);
}

export function writeShifted(storage: SettingsStorage | undefined, episodeId: number, shifted: boolean): void {
  const others = shiftedEpisodes(storage).filter((id) => id !== episodeId);
  const next = shifted ? [...others, episodeId].slice(-MAX_SHIFTED_EPISODES) : others;
  write(storage, VIEWER_SHIFT_KEY, JSON.stringify(next));
}
