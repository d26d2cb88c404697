// Temporary screenshot helper (not committed).
import { chromium } from 'playwright-core';
const W = 'http://127.0.0.1:3270';
const UA_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const UA_PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const [,, path, name, ...steps] = process.argv;
for (const width of [390, 1280]) {
  const phone = width < 800;
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    userAgent: phone ? UA_PHONE : UA_DESKTOP,
    hasTouch: phone,
    isMobile: phone,
    locale: process.env.LOCALE ?? 'en-US',
    extraHTTPHeaders: { 'cloudfront-viewer-country': 'US' },
  });
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const v = (x) => encodeURIComponent(JSON.stringify(x));
  await context.addCookies([
    ['birthday', v({ value: '2000-01', expires })],
    ['terms_of_service_adult', v({ value: 1, expires })],
    ['privacy_policy', v({ value: 1, expires })],
  ].map(([n, value]) => ({ name: `dev_${n}`, value, url: W })));
  if (process.env.UWT) await context.addCookies([{ name: 'dev_uwt', value: process.env.UWT, url: W }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.text()); });
  await page.goto(W + path, { waitUntil: 'networkidle' });
  for (const step of steps) {
    if (step.startsWith('key:')) await page.keyboard.press(step.slice(4));
    else if (step.startsWith('click:')) await page.locator(step.slice(6)).first().click();
    else if (step.startsWith('wait:')) await page.waitForTimeout(Number(step.slice(5)));
    else if (step.startsWith('eval:')) console.log(await page.evaluate(step.slice(5)));
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/h12-shots/${name}-${width}.png` });
  console.log(`/tmp/h12-shots/${name}-${width}.png`);
  await context.close();
}
await browser.close();
