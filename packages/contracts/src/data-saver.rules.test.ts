import { describe, expect, it } from 'vitest';
import { chooseImageQuality, isSaveDataHeader, isSlowConnection, parseDataSaverSetting } from './data-saver.rules.ts';

describe('data saver rules', () => {
  it('reads the setting, anything unknown being auto', () => {
    expect(parseDataSaverSetting('on')).toBe('on');
    expect(parseDataSaverSetting('off')).toBe('off');
    for (const raw of [undefined, null, '', 'ON', 'light', '1']) expect(parseDataSaverSetting(raw)).toBe('auto');
  });

  it('reads Save-Data: on in any case, and nothing else', () => {
    expect(isSaveDataHeader('on')).toBe(true);
    expect(isSaveDataHeader(' On ')).toBe(true);
    expect(isSaveDataHeader(['off', 'on'])).toBe(true);
    for (const value of [undefined, '', 'off', '1', 'online', 'yes']) expect(isSaveDataHeader(value)).toBe(false);
  });

  it('counts 3g and slower as slow', () => {
    expect(['slow-2g', '2g', '3g'].map(isSlowConnection)).toEqual([true, true, true]);
    expect([undefined, '4g', 'wifi'].map(isSlowConnection)).toEqual([false, false, false]);
  });

  it('lets the setting override the browser either way', () => {
    expect(chooseImageQuality('on', { saveData: false, effectiveType: '4g' })).toBe('light');
    expect(chooseImageQuality('off', { saveData: true, effectiveType: '2g' })).toBe('standard');
    expect(chooseImageQuality('auto', { saveData: true })).toBe('light');
    expect(chooseImageQuality('auto', { saveData: false, effectiveType: '2g' })).toBe('light');
    expect(chooseImageQuality('auto', { saveData: false, effectiveType: '4g' })).toBe('standard');
    expect(chooseImageQuality('auto', { saveData: false })).toBe('standard');
  });
});
