import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { PHONE_USER_AGENT, VISITOR_USER_AGENT } from './browser.ts';
import { cookiePrefix, webUrl } from './e2e-env.ts';

/** A crawler's user agent (isbot recognises it). */
export const CRAWLER_USER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A phone held upright (390×844) and a desktop window, the two layouts every screen is tried in. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

export interface VisitorOptions {
  /** 'phone': a 390×844 touch phone with a phone's user agent; 'desktop' (the default): 1280×900. */
  device?: 'phone' | 'desktop';
  /** Country header value; US gets the age gate, JP does not. */
  country?: 'US' | 'JP';
  userAgent?: string;
  /** Accept-Language of the browser. */
  locale?: string;
  viewport?: BrowserContextOptions['viewport'];
  /** false: a browser with JavaScript turned off. */
  javaScriptEnabled?: boolean;
  /** The browser's time zone (IANA), the machine's when unset. */
  timezoneId?: string;
}

/** A fresh browser context for one visitor: no cookies, the given country and language. */
export function newVisitor(browser: Browser, options: VisitorOptions = {}): Promise<BrowserContext> {
  const phone = options.device === 'phone';
  return browser.newContext({
    userAgent: options.userAgent ?? (phone ? PHONE_USER_AGENT : VISITOR_USER_AGENT),
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? (phone ? PHONE_VIEWPORT : DESKTOP_VIEWPORT),
    isMobile: phone,
    hasTouch: phone,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    extraHTTPHeaders: { 'cloudfront-viewer-country': options.country ?? 'US' },
  });
}

function cookieValue(value: unknown): string {
  return encodeURIComponent(JSON.stringify(value));
}

/** Gives a visitor an adult birthday with the consent it needs, as the gate would. */
export async function giveAdultConsent(context: BrowserContext, url: string = webUrl): Promise<void> {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  await context.addCookies(
    [
      ['birthday', cookieValue({ value: '2000-01', expires })],
      ['terms_of_service_adult', cookieValue({ value: 1, expires })],
      ['privacy_policy', cookieValue({ value: 1, expires })],
    ].map(([name, value]) => ({ name: `${cookiePrefix}${name}`, value: value as string, url })),
  );
}

/** The visitor's cookies by name without the environment prefix. */
export async function cookiesOf(context: BrowserContext): Promise<Map<string, { value: string; expires: number }>> {
  const cookies = await context.cookies(webUrl);
  return new Map(
    cookies
      .filter((cookie) => cookie.name.startsWith(cookiePrefix))
      .map((cookie) => [cookie.name.slice(cookiePrefix.length), { value: cookie.value, expires: cookie.expires }]),
  );
}

export function decodeCookie(value: string | undefined): unknown {
  return value === undefined ? undefined : JSON.parse(decodeURIComponent(value));
}
