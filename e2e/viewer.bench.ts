// `npm run bench:viewer`: the reader's speed in Chromium against the running service (the e2e
// environment: E2E_WEB_URL, E2E_API_URL), on a throttled network (CDP Network.emulateNetworkConditions,
// "Fast 4G": 9 Mbit/s down, 1.5 Mbit/s up, 170 ms round trip). It reports
// - the time from navigation to the first page painted (the reader's performance mark, set in the
//   frame after the page is on its canvas), cold (empty cache) and warm, with where the time went;
// - page turns from preloaded pages: from the key press until the new view is on its canvases, and
//   until the frame that shows it.
// Goals (issue 12): first page under 1.0 s, a page turn within one frame (16 ms). Not a test:
// figures vary with the machine; run it on a quiet one.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, VISITOR_USER_AGENT } from './browser.ts';
import { findSpreadChapter, readerPath } from './demo-chapters.ts';
import { webUrl } from './e2e-env.ts';
import { giveAdultConsent } from './visitors.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'Usage: npm run bench:viewer [-- --runs=<first-page runs, default 7> --turns=<page turns, default 12, at most 14>]\n' +
      'Needs the service running (npm start) and E2E_WEB_URL / E2E_API_URL when it is not on the default ports.',
  );
  process.exit(0);
}

const argument = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = argument('runs', 7);
/** Forward, then as many back; a demo chapter has 9 views, so at most 14 turns stay inside it. */
const TURNS = Math.min(14, argument('turns', 12));

/** Chrome DevTools' "Fast 4G" with the issue's round trip. */
const FAST_4G = {
  offline: false,
  latency: 170,
  downloadThroughput: (9 * 1_000_000) / 8,
  uploadThroughput: (1.5 * 1_000_000) / 8,
};
const FIRST_PAGE_GOAL_MS = 1_000;
const TURN_GOAL_MS = 16;

interface FirstPage {
  paintedMs: number;
  htmlMs: number;
  imageMs: number;
  scriptsMs: number;
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * A reader's browser with consent given. No extra request headers (as `newVisitor` adds for the
 * country): the browser would send them with every image too, and CORS would then preflight each one.
 */
async function reader(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: VISITOR_USER_AGENT,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  await giveAdultConsent(context);
  return context;
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
}

/** Navigation to the reader until its first page is painted, with the timeline of what it waited for. */
async function measureFirstPage(page: Page, path: string): Promise<FirstPage> {
  await page.goto(`${webUrl}${path}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('manga:first-page-painted').length > 0, undefined, {
    timeout: 30_000,
    polling: 50,
  });
  return page.evaluate(() => {
    const painted = performance.getEntriesByName('manga:first-page-painted')[0]?.startTime ?? Number.NaN;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const image = resources.find((entry) => entry.name.includes('/images/episodes/'));
    const scripts = resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    return {
      paintedMs: painted,
      htmlMs: navigation?.responseEnd ?? Number.NaN,
      imageMs: image?.responseEnd ?? Number.NaN,
      scriptsMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
    };
  });
}

async function firstPageRuns(browser: Browser, path: string, warm: boolean): Promise<FirstPage[]> {
  const results: FirstPage[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await reader(browser);
    const page = await context.newPage();
    await throttle(page);
    if (warm) await measureFirstPage(page, path);
    results.push(await measureFirstPage(page, path));
    await context.close();
  }
  return results;
}

async function pageTurns(browser: Browser, path: string): Promise<{ drawn: number[]; frame: number[] }> {
  const context = await reader(browser);
  const page = await context.newPage();
  await throttle(page);
  await measureFirstPage(page, path);
  for (let turn = 0; turn < TURNS; turn++) {
    // Let the preloader get ahead, as a reader does while reading a page; forward, then back.
    await page.waitForTimeout(1_500);
    await page.keyboard.press(turn < TURNS / 2 ? 'ArrowLeft' : 'ArrowRight');
    await page.waitForFunction(
      (count) => performance.getEntriesByName('manga:page-turn-frame').length >= count,
      turn + 1,
      { timeout: 10_000 },
    );
  }
  const durations = await page.evaluate(() => ({
    drawn: performance.getEntriesByName('manga:page-turn').map((entry) => entry.duration),
    frame: performance.getEntriesByName('manga:page-turn-frame').map((entry) => entry.duration),
  }));
  await context.close();
  return durations;
}

function report(label: string, runs: readonly FirstPage[]): number {
  const painted = runs.map((run) => run.paintedMs);
  const median = percentile(painted, 0.5);
  const at = (key: keyof FirstPage) =>
    percentile(
      runs.map((run) => run[key]),
      0.5,
    );
  console.log(
    `${label.padEnd(22)} median ${ms(median)}  min ${ms(Math.min(...painted))}  max ${ms(Math.max(...painted))}` +
      `  | HTML ${ms(at('htmlMs'))}, first image ${ms(at('imageMs'))}, scripts ${ms(at('scriptsMs'))}` +
      `  ${median < FIRST_PAGE_GOAL_MS ? 'meets' : 'MISSES'} the 1.0 s goal`,
  );
  return median;
}

async function main(): Promise<void> {
  const chapter = await findSpreadChapter();
  const path = readerPath(chapter);
  console.log(`Reader ${webUrl}${path} (${chapter.pageCount} pages), Fast 4G: 9 Mbit/s down, 170 ms RTT`);
  const browser = await launchChromium();
  try {
    report('first page, cold', await firstPageRuns(browser, path, false));
    report('first page, warm', await firstPageRuns(browser, path, true));
    const turns = await pageTurns(browser, path);
    const drawn = percentile(turns.drawn, 0.95);
    console.log(
      `${'turn until drawn'.padEnd(22)} median ${ms(percentile(turns.drawn, 0.5))}  p95 ${ms(drawn)}  max ${ms(Math.max(...turns.drawn))}` +
        ` (${turns.drawn.length} turns)  ${drawn <= TURN_GOAL_MS ? 'within' : 'OVER'} one frame's budget (16 ms)`,
    );
    console.log(
      `${'turn until next frame'.padEnd(22)} median ${ms(percentile(turns.frame, 0.5))}  p95 ${ms(percentile(turns.frame, 0.95))}` +
        '  (key press to the frame that shows the new view, vsync wait included)',
    );
  } finally {
    await browser.close();
  }
}

await main();
