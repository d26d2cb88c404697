import type { Locator, Page } from 'playwright-core';
import { webUrl } from './e2e-env.ts';

// The reader in browser tests: a chapter opened once its first page is drawn (the scripts run by
// then), and the end of a chapter, where other features add their blocks (the comments).

/**
 * How long a chapter may take to show its first page: a hang guard, not a speed check. On a loaded
 * two-core machine the first chapter opened after start has waited over 20 s for its images.
 */
export const FIRST_DRAW_TIMEOUT_MS = 45_000;

/** The first drawn page on screen: a chapter resumed further on keeps earlier pages drawn but hidden. */
export function drawnPageOnScreen(page: Page): Locator {
  return page.locator('[data-testid="reader-page"][data-state="drawn"]').filter({ visible: true }).first();
}

export async function openReader(page: Page, path: string): Promise<void> {
  await page.goto(`${webUrl}${path}`);
  await drawnPageOnScreen(page).waitFor({ timeout: FIRST_DRAW_TIMEOUT_MS });
}

/** Opens a chapter and goes past its last page (paged) or down to its end (vertical). */
export async function openLastPage(page: Page, path: string): Promise<Locator> {
  await openReader(page, path);
  if ((await page.getByTestId('reader').getAttribute('data-mode')) === 'paged') {
    await page.keyboard.press('End');
    await page.keyboard.press('PageDown');
  }
  const lastPage = page.getByTestId('last-page');
  await lastPage.waitFor();
  return lastPage;
}
