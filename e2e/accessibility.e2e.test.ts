import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, listOutbox, logIn } from './accounts.ts';
import { type AxeFinding, seriousViolations } from './axe.ts';
import { launchChromium } from './browser.ts';
import { findLockedChapter, findSpreadChapter, pad, readerPath } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { openReader } from './reader.ts';
import { makeStaff } from './service-cli.ts';
import { uiText } from './ui-text.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Issue 28, reader comfort: every screen of the web app (apps/web/app/route-table.ts) passes axe-core
// with no serious or critical violation, on a 390 px touch phone and a 1280 px desktop, for a visitor
// and for a logged-in member (an admin, so that the /ops console is visited too), in English and
// Japanese. And the
// viewer speaks to a screen reader: its page position in a polite live region, its controls named.

const PASSWORD = 'Axe-check-2026';
const WIDTHS = [390, 1280] as const;

type Who = 'visitor' | 'member';

interface Visit {
  /** The route's name in route-table.ts (several visits may share one). */
  route: string;
  path: string;
  /** Only for this kind of visitor (the console is the admin's; the sign-up form is a visitor's). */
  only?: Who;
}

/** The screens of every route of route-table.ts that draws one (not the form endpoints). */
function visitsOf(ids: {
  titleId: number;
  episodeId: number;
  locked: { titleId: number; episodeId: number };
  rankingPath: string;
  categoryPath: string;
  genrePath: string;
  messageId: string;
}): Visit[] {
  const title = pad(ids.titleId);
  return [
    { route: 'index', path: '/' },
    { route: 'search', path: '/search' },
    { route: 'search-query', path: '/search/ninja' },
    { route: 'search-category-categoryId', path: ids.categoryPath },
    { route: 'search-genre-genreId', path: ids.genrePath },
    { route: 'series', path: '/series' },
    { route: 'ranking', path: '/ranking' },
    { route: 'ranking-rankingId', path: ids.rankingPath },
    { route: 'title-titleId', path: `/title/${title}` },
    { route: 'title-titleId-episode-episodeId', path: readerPath(ids) },
    { route: 'title-titleId-episode-episodeId (locked)', path: readerPath(ids.locked) },
    { route: 'minfunction-episode-detail', path: `/minfunction/title/${title}/episode/${ids.episodeId}/detail` },
    { route: 'minfunction-full-viewer', path: `/minfunction/title/${title}/episode/${ids.episodeId}/fullviewer` },
    { route: 'minfunction-embed-viewer', path: `/minfunction/title/${title}/episode/${ids.episodeId}/embedviewer` },
    // Logged out, the /my pages answer with the login dialog over them.
    { route: 'my', path: '/my' },
    { route: 'my-history', path: '/my/history' },
    { route: 'my-purchased', path: '/my/purchased' },
    { route: 'my-setting', path: '/my/setting' },
    { route: 'my-setting-email', path: '/my/setting/email' },
    { route: 'my-setting-optout', path: '/my/setting/optout' },
    { route: 'my-setting-point', path: '/my/setting/point' },
    { route: 'my-setting-ticket', path: '/my/setting/ticket' },
    { route: 'my-shop', path: '/my/shop' },
    { route: 'my-shop-result', path: '/my/shop/result?session=unknown' },
    { route: 'account-presave', path: '/account/presave', only: 'visitor' },
    { route: 'account-save', path: '/account/save?token=not-a-token', only: 'visitor' },
    { route: 'account-save-welcome', path: '/account/save/welcome' },
    { route: 'account-password-prereset', path: '/account/password/prereset', only: 'visitor' },
    { route: 'account-password-prereset-send', path: '/account/password/prereset/send', only: 'visitor' },
    { route: 'account-password-reset', path: '/account/password/reset?token=not-a-token', only: 'visitor' },
    { route: 'account-password-presave', path: '/account/password/presave', only: 'member' },
    { route: 'account-password-presave-send', path: '/account/password/presave/send', only: 'member' },
    { route: 'account-password-save', path: '/account/password/save?token=not-a-token' },
    { route: 'account-email-presave-send', path: '/account/email/presave/send', only: 'member' },
    { route: 'account-email-save', path: '/account/email/save?token=not-a-token' },
    { route: 'article-abj', path: '/article/abj' },
    { route: 'article-cal-bus-and-prof-code', path: '/article/cal-bus-and-prof-code' },
    { route: 'article-help', path: '/article/help' },
    { route: 'article-terms-of-service', path: '/article/terms-of-service' },
    { route: 'article-privacy-policy', path: '/article/privacy-policy' },
    { route: 'error-errorCode', path: '/error/500' },
    { route: 'law-age', path: '/law/age' },
    { route: 'law-age-denied', path: '/law/age/denied' },
    { route: 'maintenance', path: '/maintenance' },
    { route: 'offline', path: '/offline' },
    { route: '404', path: '/no-such-page' },
    { route: 'catch-all', path: '/assets/no-such-file.js' },
    { route: 'dev-outbox', path: '/dev/outbox' },
    { route: 'dev-outbox-messageId', path: `/dev/outbox/${encodeURIComponent(ids.messageId)}` },
    { route: 'ops', path: '/ops', only: 'member' },
    { route: 'ops-ngwords', path: '/ops/ngwords', only: 'member' },
    { route: 'ops-audit', path: '/ops/audit', only: 'member' },
    { route: 'ops-staff', path: '/ops/staff', only: 'member' },
    { route: 'ops-shop', path: '/ops/shop', only: 'member' },
    { route: 'ops-catalogue', path: '/ops/catalogue', only: 'member' },
    { route: 'ops-catalogue-new', path: '/ops/catalogue/new', only: 'member' },
    { route: 'ops-catalogue-titleId', path: `/ops/catalogue/${ids.titleId}`, only: 'member' },
    {
      route: 'ops-catalogue-titleId-episode-episodeId-preview',
      path: `/ops/catalogue/${ids.titleId}/episode/${ids.episodeId}/preview`,
      only: 'member',
    },
  ];
}

/** The page once its scripts have run and its first data arrived (lists, the reader's first page). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

function describeFindings(findings: { where: string; finding: AxeFinding }[]): string {
  return findings
    .map(
      ({ where, finding }) =>
        `${where}: [${finding.impact}] ${finding.rule} (${finding.help})\n    ${finding.nodes.join('\n    ')}`,
    )
    .join('\n');
}

describe('accessibility: axe-core on every route (issue 28)', () => {
  let browser: Browser;
  let visits: Visit[];
  let memberCookies: Cookie[];
  let chapter: Awaited<ReturnType<typeof findSpreadChapter>>;
  const contexts: BrowserContext[] = [];

  async function contextFor(locale: 'en' | 'ja', who: Who, width: number): Promise<BrowserContext> {
    // 390 px is a touch phone (390×844, isMobile, hasTouch), 1280 px a desktop (1280×900).
    const context = await newVisitor(browser, {
      device: width < 600 ? 'phone' : 'desktop',
      country: locale === 'ja' ? 'JP' : 'US',
      locale: locale === 'ja' ? 'ja-JP' : 'en-US',
    });
    contexts.push(context);
    await giveAdultConsent(context);
    if (who === 'member') await context.addCookies(memberCookies);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium();
    chapter = await findSpreadChapter();
    const locked = await findLockedChapter();
    const email = `axe-${randomUUID().slice(0, 8)}@example.com`;
    await createAccountByApi(email, PASSWORD);
    await makeStaff(email, 'admin');
    const messageId = (await listOutbox())[0]?.id ?? 'none';

    const login = await newVisitor(browser);
    contexts.push(login);
    await giveAdultConsent(login);
    const page = await login.newPage();
    await page.goto(`${webUrl}/my/setting`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${webUrl}/my/setting`);
    memberCookies = await login.cookies();

    // Ids the demo catalogue has whatever day it was made: the first of each list's links.
    const firstLink = async (path: string, pattern: string) => {
      await page.goto(`${webUrl}${path}`);
      const href = await page.locator(`a[href*="${pattern}"]`).first().getAttribute('href');
      if (!href) throw new Error(`no link to ${pattern} on ${path}`);
      return new URL(href, webUrl).pathname;
    };
    visits = visitsOf({
      titleId: chapter.titleId,
      episodeId: chapter.episodeId,
      locked,
      rankingPath: await firstLink('/ranking', '/ranking/'),
      categoryPath: await firstLink('/search', '/search/category/'),
      genrePath: await firstLink('/search', '/search/genre/'),
      messageId,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  // Every route is checked for a visitor and for a member; each visit takes the next of the four
  // language-and-width combinations in turn (the member's pass starts two further on), so every
  // combination meets about a quarter of the routes and every route meets two combinations: all of
  // them in a quarter of the time of checking each route eight times.
  const COMBINATIONS = (['en', 'ja'] as const).flatMap((locale) => WIDTHS.map((width) => ({ locale, width })));
  for (const [offset, who] of (['visitor', 'member'] as const).entries()) {
    it(`${who}: no serious or critical violation on any screen, in English and Japanese, at 390 and 1280 px`, {
      timeout: 900_000,
    }, async () => {
      const findings: { where: string; finding: AxeFinding }[] = [];
      const pages = await Promise.all(
        COMBINATIONS.map(async ({ locale, width }) => (await contextFor(locale, who, width)).newPage()),
      );
      const mine = visits.filter((visit) => !visit.only || visit.only === who);
      for (const [index, visit] of mine.entries()) {
        const turn = (index + offset * 2) % COMBINATIONS.length;
        const { locale, width } = COMBINATIONS[turn] as (typeof COMBINATIONS)[number];
        const page = pages[turn] as Page;
        await page.goto(`${webUrl}${visit.path}`);
        await settle(page);
        expect(await page.locator('html').getAttribute('lang'), visit.path).toBe(locale);
        for (const finding of await seriousViolations(page)) {
          findings.push({ where: `${visit.route} ${visit.path} (${locale}, ${width} px)`, finding });
          // As found, so that a long run shows its failures before its end.
          console.warn(`${who}: ${describeFindings(findings.slice(-1))}`);
        }
      }
      for (const page of pages) await page.context().close();
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  }

  it('the viewer, its menu and its bookmark dialog, with the page position in a polite live region', {
    timeout: 240_000,
  }, async () => {
    const findings: { where: string; finding: AxeFinding }[] = [];
    for (const locale of ['en', 'ja'] as const) {
      for (const width of WIDTHS) {
        const context = await contextFor(locale, 'member', width);
        const page = await context.newPage();
        await openReader(page, readerPath(chapter));
        const where = `viewer ${locale} @${width}`;

        // The position is announced politely, and follows the page turned.
        const announcer = page.getByTestId('reader-announcer');
        expect(await announcer.getAttribute('aria-live')).toBe('polite');
        // What it may say: one page, or a spread of two (either order), of this chapter.
        const total = chapter.pageCount;
        const positions = new Set<string>();
        for (let number = 1; number <= total; number++) {
          positions.add(uiText(locale, 'episode.viewer.page_label', { number, total }));
          if (number < total) {
            for (const [a, b] of [
              [number, number + 1],
              [number + 1, number],
            ] as const) {
              positions.add(uiText(locale, 'episode.viewer.pages_label', { first: a, last: b, total }));
            }
          }
        }
        const said = async () => (await announcer.textContent())?.trim() ?? '';
        const before = await said();
        expect(positions.has(before), `${where}: announced "${before}"`).toBe(true);
        await page.keyboard.press('PageDown');
        await expect.poll(said).not.toBe(before);
        expect(positions.has(await said()), `${where}: announced "${await said()}" after a turn`).toBe(true);

        // Every control of the menu has a name a screen reader reads.
        await page.keyboard.press('Tab');
        const menu = page.getByTestId('reader-menu');
        await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
        const unnamed = await menu.evaluate((nav) =>
          [...nav.querySelectorAll('button, a, input, [role="slider"]')]
            .filter((control) => {
              const element = control as HTMLElement;
              const named =
                element.getAttribute('aria-label') ||
                element.getAttribute('aria-labelledby') ||
                element.getAttribute('title') ||
                element.textContent?.trim() ||
                (element instanceof HTMLInputElement && element.labels && element.labels.length > 0);
              return !named;
            })
            .map((control) => control.outerHTML.slice(0, 120)),
        );
        expect(unnamed, where).toEqual([]);
        await page.getByTestId('bookmark-button').waitFor();
        expect(await page.getByTestId('bookmark-button').getAttribute('aria-label')).toBe(
          uiText(locale, 'reader_features.bookmark.button'),
        );
        for (const finding of await seriousViolations(page)) findings.push({ where: `${where} menu`, finding });

        // The bookmark dialog (its button; the key is e2e/bookmarks.e2e.test.ts's): named by its
        // heading, the focus on the note.
        await page.getByTestId('bookmark-button').click();
        await page.getByTestId('bookmark-dialog').waitFor();
        const [titleStart, titleEnd] = uiText(locale, 'reader_features.bookmark.dialog_title').split('{{page}}');
        const named = new RegExp(`^${titleStart}\\d+${titleEnd}$`);
        expect(await page.getByRole('dialog', { name: named }).count(), where).toBe(1);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('bookmark-note');
        for (const finding of await seriousViolations(page))
          findings.push({ where: `${where} bookmark dialog`, finding });
        await context.close();
      }
    }
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
