// Data saver (issue 28, ADR 055): page images come in two tiers made at import. Which one a reader
// gets: their setting when they chose one, else the lighter tier when the browser asks to save data
// (`Save-Data: on`, or navigator.connection.saveData) or the connection is slow.

/** The tiers of page images: `standard` (960 px wide) and `light` (the data saver's smaller derivative). */
export const IMAGE_QUALITIES = ['standard', 'light'] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

/** The reader's setting: `auto` follows the browser and the connection; `on` and `off` override them. */
export const DATA_SAVER_SETTINGS = ['auto', 'on', 'off'] as const;
export type DataSaverSetting = (typeof DATA_SAVER_SETTINGS)[number];

export function parseDataSaverSetting(raw: string | null | undefined): DataSaverSetting {
  return raw === 'on' || raw === 'off' ? raw : 'auto';
}

/** Whether a `Save-Data` request header asks to save data (`on`, any case; RFC draft "Save-Data"). */
export function isSaveDataHeader(value: string | readonly string[] | undefined): boolean {
  const raw = typeof value === 'string' ? value : (value ?? []).join(',');
  return raw.split(/[;,]/).some((token) => token.trim().toLowerCase() === 'on');
}

/**
 * Network Information API effective types counted as slow: below about 700 kbit/s or above about
 * 270 ms round trips (the browser's own buckets), where a 100 KB page takes a second or more.
 */
const SLOW_EFFECTIVE_TYPES = new Set(['slow-2g', '2g', '3g']);

export interface ConnectionSignals {
  /** `Save-Data: on` sent, or navigator.connection.saveData. */
  saveData: boolean;
  /** navigator.connection.effectiveType, when the browser tells. */
  effectiveType?: string;
}

export function isSlowConnection(effectiveType: string | undefined): boolean {
  return effectiveType !== undefined && SLOW_EFFECTIVE_TYPES.has(effectiveType);
}

/** The tier to ask for: the setting when `on` or `off`; under `auto`, light when the browser asks to save data or is slow. */
export function chooseImageQuality(setting: DataSaverSetting, signals: ConnectionSignals): ImageQuality {
  if (setting === 'on') return 'light';
  if (setting === 'off') return 'standard';
  return signals.saveData || isSlowConnection(signals.effectiveType) ? 'light' : 'standard';
}
