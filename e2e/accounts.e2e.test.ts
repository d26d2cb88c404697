import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountByApi, linkFromMail, logIn, outboxIds, storedLogin } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { webUrl } from './e2e-env.ts';
import { giveAdultConsent, newVisitor } from './visitors.ts';

// Accounts end to end (product §2, §4): sign up through the e-mailed link (read from the dev outbox of
// the service under test), log out, log in, change the password, and see other sessions end.

describe('accounts (product §2, §4)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(): Promise<BrowserContext> {
    const context = await newVisitor(browser, { country: 'US' });
    await giveAdultConsent(context);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('signs up by the mailed link, logs out and in, changes the password and ends other sessions', async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'First-pass-2026';
    const newPassword = 'Second-pass-2027';
    const first = await (await visitor()).newPage();

    // Sign-up dialog: the gate recorded the consent, so it is not asked twice (issue 24; JP, with
    // no gate, asks: reader-journey.e2e.test.ts).
    await first.goto(`${webUrl}/article/help`);
    await first.getByRole('link', { name: 'Sign up' }).click();
    const signup = first.getByRole('dialog', { name: 'Create an account' });
    await signup.getByLabel('Email address').fill(email);
    expect(await signup.getByRole('checkbox').count()).toBe(0);
    expect(await signup.getByTestId('signup-consent-given').textContent()).toBe(
      'You agreed to the Terms of Service and the Privacy Policy when you entered the site.',
    );
    const seen = await outboxIds();
    await signup.getByRole('button', { name: 'Email me a sign-up link' }).click();
    await signup.getByTestId('signup-sent').waitFor();

    // The link from the mail: choose the password; the account is created and logged in.
    await first.goto(`${webUrl}${await linkFromMail(email, '/account/save', seen)}`);
    await first.getByLabel('Password', { exact: true }).fill('too-short');
    await first.getByRole('button', { name: 'Create my account' }).click();
    await first.getByText('Your password must be 10 to 64 characters long.').waitFor();
    await first.getByLabel('Password', { exact: true }).fill(password);
    await first.getByLabel('Confirm password', { exact: true }).fill(password);
    await first.getByRole('button', { name: 'Create my account' }).click();
    await first.waitForURL(`${webUrl}/account/save/welcome`);
    await first.getByTestId('header-my-page').waitFor();
    await expect.poll(() => storedLogin(first)).toBe('true');

    // Log out from the settings page.
    await first.goto(`${webUrl}/my/setting`);
    expect(await first.getByTestId('account-email').textContent()).toBe(email);
    await first.getByTestId('logout').click();
    await first.waitForURL(`${webUrl}/`);
    await first.getByTestId('header-login').waitFor();
    await expect.poll(() => storedLogin(first)).toBe('false');

    // A wrong password shows the product §8 text inside the dialog, beside the fields (no second
    // modal), with the code as small print only; the dialog stays open for the next try.
    await first.getByTestId('header-login').click();
    await logIn(first, email, 'Wrong-pass-2026');
    const loginDialog = first.getByRole('dialog', { name: 'Log in' });
    const error = loginDialog.getByTestId('form-error');
    await error.waitFor();
    expect(await error.getByTestId('form-error-message').textContent()).toBe('Unable to log in.');
    expect(await error.textContent()).toContain('2002');
    expect(await first.getByRole('alertdialog').count()).toBe(0);
    await logIn(first, email, password);
    await first.getByTestId('header-my-page').waitFor();
    // The header turns at once; the dialog closes with the navigation that follows.
    await expect.poll(() => first.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => storedLogin(first)).toBe('true');

    // A second browser logs in before the change, through the /my middleware and back.
    const second = await (await visitor()).newPage();
    await second.goto(`${webUrl}/my/setting`);
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/my/setting');
    await logIn(second, email, password);
    await second.waitForURL(`${webUrl}/my/setting`);
    expect(await second.getByTestId('account-email').textContent()).toBe(email);

    // Change the password: first step, then the mailed link and its click.
    await first.goto(`${webUrl}/my/setting`);
    await first.getByRole('link', { name: 'Change password' }).click();
    await first.waitForURL(`${webUrl}/account/password/presave`);
    await first.getByLabel('Current password', { exact: true }).fill(password);
    await first.getByLabel('New password', { exact: true }).fill(newPassword);
    await first.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    const beforeChange = await outboxIds();
    await first.getByRole('button', { name: 'Email me a confirmation link' }).click();
    await first.waitForURL(`${webUrl}/account/password/presave/send`);
    await first.goto(`${webUrl}${await linkFromMail(email, '/account/password/save', beforeChange)}`);
    await first.getByRole('button', { name: 'Confirm my new password' }).click();
    await first.getByRole('heading', { level: 1, name: 'Your password has been changed' }).waitFor();

    // This browser stays logged in; the other one is logged out and asked to log in again.
    await first.goto(`${webUrl}/my/setting`);
    expect(await first.getByTestId('account-email').textContent()).toBe(email);
    await second.goto(`${webUrl}/my/setting`);
    await second.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/');
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/my/setting');
    await second.getByTestId('header-login').waitFor();
    await expect.poll(() => storedLogin(second)).toBe('false');

    // The new password works there.
    await logIn(second, email, newPassword);
    await second.waitForURL(`${webUrl}/my/setting`);
    expect(await second.getByTestId('account-email').textContent()).toBe(email);
  });

  it('logs out another device from the settings page, and every other device without JavaScript', async () => {
    const email = `devices-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Devices-pass-2026';
    await createAccountByApi(email, password);

    // Two browsers log in as the same reader.
    const [first, second] = [await (await visitor()).newPage(), await (await visitor()).newPage()];
    for (const page of [first, second]) {
      await page.goto(`${webUrl}/my/setting`);
      await logIn(page, email, password);
      await page.waitForURL(`${webUrl}/my/setting`);
    }

    // The first sees both sessions, its own labelled, and logs the other one out.
    await first.reload();
    const devices = first.getByRole('list', { name: 'Logged-in devices' }).getByRole('listitem');
    expect(await devices.count()).toBe(2);
    expect(await first.getByTestId('this-device').count()).toBe(1);
    expect(await devices.filter({ has: first.getByTestId('this-device') }).textContent()).toContain('This device');
    const other = devices.filter({ hasNot: first.getByTestId('this-device') });
    await other.getByRole('button', { name: /^Log out / }).click();
    await first.getByTestId('devices-logged-out').waitFor();
    expect(await first.getByTestId('devices-logged-out').textContent()).toBe('That device has been logged out.');
    await expect.poll(() => devices.count()).toBe(1);
    expect(await first.getByTestId('logout-others').count()).toBe(0);

    // The second browser's next /my page that reads the account sends it to log in; the first stays
    // logged in. (The /my middleware only sees that a cookie is there; the API call finds it dead.)
    await second.goto(`${webUrl}/my/setting`);
    await second.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/');
    expect(new URL(second.url()).searchParams.get('redirect')).toBe('/my/setting');
    await second.getByTestId('header-login').waitFor();
    await expect.poll(() => storedLogin(second)).toBe('false');
    await first.goto(`${webUrl}/my/setting`);
    expect(await first.getByTestId('account-email').textContent()).toBe(email);

    // Without JavaScript, a third browser logs in and ends every other session (the first one's).
    const plain = await newVisitor(browser, { country: 'US', javaScriptEnabled: false });
    contexts.push(plain);
    await giveAdultConsent(plain);
    const third = await plain.newPage();
    await third.goto(`${webUrl}/my/setting`);
    await logIn(third, email, password);
    await third.waitForURL(`${webUrl}/my/setting`);
    expect(await third.getByRole('list', { name: 'Logged-in devices' }).getByRole('listitem').count()).toBe(2);
    await third.getByRole('button', { name: 'Log out of all other devices' }).click();
    await third.getByTestId('devices-logged-out').waitFor();
    expect(await third.getByTestId('devices-logged-out').textContent()).toBe(
      'All your other devices have been logged out.',
    );
    expect(await third.getByRole('list', { name: 'Logged-in devices' }).getByRole('listitem').count()).toBe(1);
    await first.goto(`${webUrl}/my/setting`);
    await first.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(new URL(first.url()).searchParams.get('redirect')).toBe('/my/setting');

    // Logging out this device from its own row logs out here, as the logout button does.
    await third.getByRole('button', { name: 'Log out Chrome on Linux (this device)' }).click();
    await third.waitForURL(`${webUrl}/`);
    await third.getByTestId('header-login').waitFor();
    await third.goto(`${webUrl}/my/setting`);
    await third.getByRole('dialog', { name: 'Log in' }).waitFor();
  });

  it('logs in without JavaScript: the dialog form posts, errors come back to the dialog', async () => {
    const context = await newVisitor(browser, { country: 'US', javaScriptEnabled: false });
    contexts.push(context);
    await giveAdultConsent(context);
    const page = await context.newPage();

    await page.goto(`${webUrl}/my/setting`);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email address').fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('Nobody-pass-2026');
    await dialog.getByRole('button', { name: 'Log in' }).click();

    await dialog.getByTestId('form-error').waitFor();
    expect(await dialog.getByTestId('form-error-message').textContent()).toBe('Unable to log in.');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my/setting');
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('login');
  });

  // A link drawn before a logout finished (`/my/setting?dialog=login`), followed logged out: the /my
  // middleware sends the reader to the login, and once logged in the page opens without the dialog,
  // with and without JavaScript.
  for (const javaScriptEnabled of [true, false]) {
    it(`goes on to the page, not to the dialog again, after a login from a stale link (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const email = `stale-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Stale-pass-2026';
      await createAccountByApi(email, password);
      const context = await newVisitor(browser, { country: 'US', javaScriptEnabled });
      contexts.push(context);
      await giveAdultConsent(context);
      const page = await context.newPage();

      await page.goto(`${webUrl}/my/setting?dialog=login`);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my/setting');
      await logIn(page, email, password);
      await page.waitForURL(`${webUrl}/my/setting`);
      expect(await page.getByTestId('account-email').textContent()).toBe(email);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  }
});
