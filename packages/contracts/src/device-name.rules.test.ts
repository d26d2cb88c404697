import { describe, expect, it } from 'vitest';
import { deviceNameOf, deviceOf, formatDeviceName, parseDeviceName } from './device-name.rules.ts';

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('device names from the User-Agent', () => {
  it.each([
    [UA.chromeMac, 'Chrome on macOS'],
    [UA.chromeLinux, 'Chrome on Linux'],
    [UA.headless, 'Chrome on Linux'],
    [UA.safariIphone, 'Safari on iOS'],
    [UA.chromeIphone, 'Chrome on iOS'],
    [UA.firefoxWindows, 'Firefox on Windows'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.chromeAndroid, 'Chrome on Android'],
    [UA.chromebook, 'Chrome on Linux'],
    ['okhttp/4.12.0', 'Android app'],
    ['MangaApp/6.0 CFNetwork/1494.0.7 Darwin/23.4.0', 'iOS app'],
    ['curl/8.5.0', 'Unknown device'],
    ['', 'Unknown device'],
    ['x'.repeat(100_000), 'Unknown device'],
  ])('%s → %s', (ua, name) => {
    expect(deviceNameOf(ua)).toBe(name);
  });

  it('reads every name it makes back into the same parts', () => {
    for (const ua of [...Object.values(UA), 'okhttp/4', 'CFNetwork/1', '']) {
      const parts = deviceOf(ua);
      expect(parseDeviceName(formatDeviceName(parts))).toEqual(parts);
    }
  });

  it('leaves names it does not make to be shown as they are', () => {
    expect(parseDeviceName('Pixel 8')).toBeUndefined();
    expect(parseDeviceName('Chrome on Mars')).toBeUndefined();
    expect(parseDeviceName('Chrome on macOS on Linux')).toBeUndefined();
    expect(parseDeviceName('Unknown device')).toEqual({});
  });
});
