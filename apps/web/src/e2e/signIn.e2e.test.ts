// Sign-in as people use it: the built app served by the real server process, in the system Chromium.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  launchChromium,
  outboxMails,
  type ServerProcess,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
/** Generous: password hashing and the first page loads are slow on a busy 2-core machine. */
const WAIT = { timeout: 20_000, interval: 200 };

describe.runIf(skipReason === null)(`sign-in in the browser${skipReason ? ` (${skipReason})` : ''}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    server = await startServerProcess({
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
    });
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  async function newPage(locale = 'en-US'): Promise<Page> {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    // English unless the person picks another language; the choice then survives page loads.
    await page.addInitScript(() => {
      if (!window.localStorage.getItem('lablive.locale')) window.localStorage.setItem('lablive.locale', 'en');
    });
    return page;
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').waitFor();
    expect(await accessibilityViolations(page), '/login').toEqual([]);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
  }

  // Each lands on the first page they may open: the events page for those who manage events, the
  // profile for a user who may open no other (never "Not enough permissions").
  for (const [email, landing] of [
    ['admin@lablive.test', '/admin/events'],
    ['animator@lablive.test', '/admin/events'],
    ['user@lablive.test', '/admin/profile'],
  ] as const) {
    it(`signs ${email} in and out`, async () => {
      const page = await newPage();
      await signIn(page, email, 'demo-lablive');
      await expect.poll(() => page.getByTestId('signed-in-as').textContent(), WAIT).toContain(email);
      expect(page.url()).toBe(`${server.url}${landing}`);
      expect(await page.getByTestId('lab-name').textContent()).toContain('Demo Lab');

      // A reload signs in again from the stored token.
      await page.reload();
      await expect.poll(() => page.getByTestId('signed-in-as').textContent(), WAIT).toContain(email);

      await page.getByTestId('sign-out').click();
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
      await page.goto(`${server.url}/admin/events`);
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
      await page.context().close();
    });
  }

  it('shows the spec message for a wrong password', async () => {
    const page = await newPage();
    await signIn(page, 'admin@lablive.test', 'not-the-password');
    await expect
      .poll(() => page.getByTestId('login-error').textContent(), WAIT)
      .toBe('Please verify your login/password');
    await page.screenshot({ path: path.join(ARTIFACTS, 'login-error.png') });
    await page.context().close();
  });

  it('resets a forgotten password through the mail that lands in the outbox', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/forgot`);
    await page.getByTestId('forgot-email').waitFor();
    expect(await accessibilityViolations(page), '/forgot').toEqual([]);
    await page.getByTestId('forgot-email').fill('user@lablive.test');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();

    // The mail may be written just after the page says it was sent.
    await expect.poll(async () => (await outboxMails(server.dataDir)).length, WAIT).toBe(1);
    const [mail = ''] = await outboxMails(server.dataDir);
    expect(mail).toContain('To: user@lablive.test');
    const link = new RegExp(`${server.url}/reset\\?token=[A-Za-z0-9_-]+`).exec(mail)?.[0];
    expect(link).toBeDefined();

    await page.goto(link ?? '');
    await page.getByTestId('reset-password').waitFor();
    expect(await accessibilityViolations(page), '/reset').toEqual([]);
    await page.getByTestId('reset-password').fill('my new password');
    await page.getByTestId('reset-confirmation').fill('my other password');
    await page.getByTestId('reset-submit').click();
    await expect
      .poll(() => page.getByTestId('reset-confirmation-error').textContent(), WAIT)
      .toBe('Both passwords are not matching');
    await page.getByTestId('reset-confirmation').fill('my new password');
    await page.getByTestId('reset-submit').click();
    await expect
      .poll(() => page.getByTestId('reset-done').textContent(), WAIT)
      .toContain('Your password has been changed');

    await signIn(page, 'user@lablive.test', 'my new password');
    await expect
      .poll(() => page.getByTestId('signed-in-as').textContent(), WAIT)
      .toContain('user@lablive.test');
    await page.context().close();
  });

  it('switches the interface to German, and keeps the choice', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('lang-de').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent(), WAIT).toBe('Anmelden');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await signIn(page, 'admin@lablive.test', 'wrong');
    await expect
      .poll(() => page.getByTestId('login-error').textContent(), WAIT)
      .toBe('Bitte überprüfen Sie Ihre Anmeldedaten');
    await page.screenshot({ path: path.join(ARTIFACTS, 'login-de.png') });
    await page.context().close();
  });
});
