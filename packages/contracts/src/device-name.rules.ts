// The device list's names (ADR 007): a short name from the User-Agent, "Chrome on macOS", kept on
// the wire as the API has always sent it; and the same name read back into its parts so that the
// web app can say it in the reader's language ("macOS の Chrome") without parsing it its own way.

export const DEVICE_BROWSERS = ['Edge', 'Firefox', 'Chrome', 'Safari'] as const;
export const DEVICE_SYSTEMS = ['Android', 'iOS', 'macOS', 'Windows', 'Linux'] as const;
export const DEVICE_APPS = ['Android app', 'iOS app'] as const;
export const UNKNOWN_DEVICE_NAME = 'Unknown device';

export type DeviceBrowser = (typeof DEVICE_BROWSERS)[number];
export type DeviceSystem = (typeof DEVICE_SYSTEMS)[number];
export type DeviceApp = (typeof DEVICE_APPS)[number];

export interface DeviceParts {
  browser?: DeviceBrowser;
  system?: DeviceSystem;
  app?: DeviceApp;
}

function browserOf(ua: string): DeviceBrowser | undefined {
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return undefined;
}

function systemOf(ua: string): DeviceSystem | undefined {
  if (/Android/.test(ua)) return 'Android';
  if (/iPhone|iPad|iPod|iOS/.test(ua)) return 'iOS';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Linux|X11|CrOS/.test(ua)) return 'Linux';
  return undefined;
}

/** What a User-Agent says about the device: a browser and a system, or one of our apps. */
export function deviceOf(userAgent: string): DeviceParts {
  const ua = userAgent.slice(0, 500);
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (!browser && /okhttp/i.test(ua)) return { app: 'Android app' };
  if (!browser && /Alamofire|CFNetwork/i.test(ua)) return { app: 'iOS app' };
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}

/** The wire's device name: "Chrome on macOS", "Chrome", "macOS", "Android app", or "Unknown device". */
export function formatDeviceName({ browser, system, app }: DeviceParts): string {
  if (app) return app;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE_NAME;
}

export function deviceNameOf(userAgent: string): string {
  return formatDeviceName(deviceOf(userAgent));
}

const isBrowser = (value: string): value is DeviceBrowser => (DEVICE_BROWSERS as readonly string[]).includes(value);
const isSystem = (value: string): value is DeviceSystem => (DEVICE_SYSTEMS as readonly string[]).includes(value);
const isApp = (value: string): value is DeviceApp => (DEVICE_APPS as readonly string[]).includes(value);

/**
 * A device name read back into its parts: undefined for a name formatDeviceName does not make (an
 * app's own device name, shown as it is); {} for the unknown device.
 */
export function parseDeviceName(name: string): DeviceParts | undefined {
  if (name === '' || name === UNKNOWN_DEVICE_NAME) return {};
  if (isApp(name)) return { app: name };
  if (isBrowser(name)) return { browser: name };
  if (isSystem(name)) return { system: name };
  const [browser, system, ...rest] = name.split(' on ');
  if (rest.length === 0 && browser && system && isBrowser(browser) && isSystem(system)) return { browser, system };
  return undefined;
}
