// `npm run bench:top`: the top page's first load in Chromium on a desktop (1280 × 900), against the
// running service (E2E_WEB_URL), cold (a new browser profile each run) on the same throttled network
// as `npm run bench:viewer` ("Fast 4G": 9 Mbit/s down, 170 ms round trip) and unthrottled: the time
// to the load event and to the largest contentful paint, the HTML's bytes on the wire and the
// scripts'. Goal (issue 27): the largest contentful paint within 1 s on Fast 4G, cold. Not a test:
// figures vary with the machine.
import type { Browser, Page } from 'playwright-core';
import { launchChromium, VISITOR_USER_AGENT } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { giveAdultConsent } from './visitors.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'Usage: npm run bench:top [-- --runs=<cold loads per network, default 5>]\n' +
      'Needs the service running (npm start) and E2E_WEB_URL when it is not on the default port.',
  );
  process.exit(0);
}

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
const FAST_4G = {
  offline: false,
  latency: 170,
  downloadThroughput: (9 * 1_000_000) / 8,
  uploadThroughput: (1.5 * 1_000_000) / 8,
};
const GOAL_MS = 1_000;

interface Load {
  loadMs: number;
  lcpMs: number;
  htmlBytes: number;
  scriptBytes: number;
}

async function coldLoad(browser: Browser, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({
    userAgent: VISITOR_USER_AGENT,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  await giveAdultConsent(context);
  const page: Page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  }
  await page.goto(`${webUrl}/`, { waitUntil: 'load' });
  const load = await page.evaluate(
    () =>
      new Promise<Load>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          resolve({
            loadMs: navigation.loadEventEnd,
            lcpMs: entries.at(-1)?.startTime ?? Number.NaN,
            htmlBytes: navigation.encodedBodySize,
            scriptBytes: resources
              .filter((entry) => entry.name.endsWith('.js'))
              .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return load;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const browser = await launchChromium();
try {
  for (const throttled of [false, true]) {
    const runs: Load[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await coldLoad(browser, throttled));
    const load = median(runs.map((r) => r.loadMs));
    const lcp = median(runs.map((r) => r.lcpMs));
    console.log(
      `${throttled ? 'Fast 4G (9 Mbit/s, 170 ms RTT)' : 'unthrottled'}, ${RUNS} cold loads of /: ` +
        `load event median ${load.toFixed(0)} ms (max ${Math.max(...runs.map((r) => r.loadMs)).toFixed(0)} ms), ` +
        `largest contentful paint median ${lcp.toFixed(0)} ms (max ${Math.max(...runs.map((r) => r.lcpMs)).toFixed(0)} ms); ` +
        `HTML ${(median(runs.map((r) => r.htmlBytes)) / 1024).toFixed(1)} KB and scripts ` +
        `${(median(runs.map((r) => r.scriptBytes)) / 1024).toFixed(1)} KB on the wire; goal: largest contentful ` +
        `paint within ${GOAL_MS} ms: ${lcp <= GOAL_MS ? 'met' : 'not met'}`,
    );
  }
} finally {
  await browser.close();
}
