import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEWER_SETTINGS,
  readFullscreen,
  readShifted,
  readViewerSettings,
  type SettingsStorage,
  writeFullscreen,
  writeShifted,
  writeViewerSettings,
} from './viewer-settings.ts';

function memoryStorage(): SettingsStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('viewer settings (product §3)', () => {
  it('persists isVertical, isExpand, isSliderMenuMode and isSplitSpreads, and reads defaults otherwise', () => {
    const storage = memoryStorage();
    expect(readViewerSettings(storage)).toEqual(DEFAULT_VIEWER_SETTINGS);
    const settings = { isVertical: true, isExpand: false, isSliderMenuMode: true, isSplitSpreads: true };
    writeViewerSettings(storage, settings);
    expect(readViewerSettings(storage)).toEqual(settings);
  });

  it('ignores broken or foreign values', () => {
    const storage = memoryStorage();
    storage.setItem('viewerSettings', '{"isVertical":"yes","isExpand":true');
    expect(readViewerSettings(storage)).toEqual(DEFAULT_VIEWER_SETTINGS);
    storage.setItem('viewerSettings', '{"isVertical":"yes","isExpand":true}');
    expect(readViewerSettings(storage)).toEqual({ ...DEFAULT_VIEWER_SETTINGS, isExpand: true });
  });

  it('keeps working when storage is missing or throws', () => {
    const throwing: SettingsStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readViewerSettings(throwing)).toEqual(DEFAULT_VIEWER_SETTINGS);
    expect(() => writeViewerSettings(throwing, DEFAULT_VIEWER_SETTINGS)).not.toThrow();
    expect(readViewerSettings(undefined)).toEqual(DEFAULT_VIEWER_SETTINGS);
    expect(readShifted(throwing, 1)).toBe(false);
  });

  it('keeps full screen for the session', () => {
    const session = memoryStorage();
    expect(readFullscreen(session)).toBe(false);
    writeFullscreen(session, true);
    expect(readFullscreen(session)).toBe(true);
    writeFullscreen(session, false);
    expect(readFullscreen(session)).toBe(false);
  });

  it('remembers the shift by one page per episode', () => {
    const storage = memoryStorage();
    writeShifted(storage, 100001, true);
    writeShifted(storage, 100002, true);
    expect(readShifted(storage, 100001)).toBe(true);
    writeShifted(storage, 100001, false);
    expect([readShifted(storage, 100001), readShifted(storage, 100002)]).toEqual([false, true]);
    for (let id = 1; id <= 600; id++) writeShifted(storage, id, true);
    expect(readShifted(storage, 600)).toBe(true);
    expect(readShifted(storage, 1)).toBe(false);
  });
});
