// My account as a back-office user lives it (issue 17, part 5), in the system Chromium against the real
// server process: from the sidebar, the user changes their names and position and saves ("Profile
// updated!"), the side card and the sidebar follow, a reload keeps it; an e-mail another account holds
// is refused in words beside the form; the laboratory is shown read-only; a new e-mail waits for the link
// mailed to it, and once followed signs in (issue 26). axe-core on desktop and phone.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  launchChromium,
  outboxMails,
  type ServerProcess,
  signInThroughPage,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };

describe.runIf(skipReason === null)(
  `my account in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;

    async function signedIn(email: string, width: number): Promise<Page> {
      const context = await browser.newContext({ locale: 'en', viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      await signInThroughPage(page, server.url, email);
      await page.waitForURL('**/admin/events', WAIT);
      return page;
    }

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      database = await createTestDatabase({ migrate: false });
      server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
      });
      browser = await launchChromium();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it('saves the names and position, refuses an e-mail another account holds, and shows the lab read-only', async () => {
      const page = await signedIn('animator@lablive.test', 1280);
      await page.getByTestId('nav-profile').click();
      await page.getByTestId('profile-form').waitFor(WAIT);
      expect(await page.getByTestId('profile-lab').textContent()).toContain('Demo Lab');
      expect(await accessibilityViolations(page), '/admin/profile').toEqual([]);

      await page.getByTestId('profile-first-name').fill('Anatole');
      await page.getByTestId('profile-last-name').fill('Martin-Durand');
      await page.getByTestId('profile-job').fill('Medical science liaison');
      await page.getByTestId('profile-save').click();
      await expect
        .poll(() => page.getByTestId('toast').allTextContents(), WAIT)
        .toContainEqual(expect.stringContaining('Profile updated!'));
      expect(await page.getByTestId('profile-card').textContent()).toContain('Anatole Martin-Durand');
      expect(await page.getByTestId('profile-card').textContent()).toContain('Medical science liaison');
      // The sidebar's account block follows without a reload.
      expect(await page.locator('.admin-user-name').textContent()).toBe('Anatole Martin-Durand');
      await page.screenshot({ path: path.join(ARTIFACTS, 'profile.png'), fullPage: true });

      // An e-mail another account holds: refused in words, nothing saved.
      await page.getByTestId('profile-email').fill('ADMIN@lablive.test');
      await page.getByTestId('profile-save').click();
      await expect
        .poll(() => page.getByTestId('profile-save-error').textContent(), WAIT)
        .toContain('already used');
      expect(await accessibilityViolations(page), '/admin/profile with a refused save').toEqual([]);

      // A reload reads what the server kept.
      await page.reload();
      await page.getByTestId('profile-form').waitFor(WAIT);
      expect(await page.getByTestId('profile-first-name').inputValue()).toBe('Anatole');
      expect(await page.getByTestId('profile-email').inputValue()).toBe('animator@lablive.test');
      const row = await database.db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'job'])
        .where('email', '=', 'animator@lablive.test')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        first_name: 'Anatole',
        last_name: 'Martin-Durand',
        job: 'Medical science liaison',
      });
    });

    it('changes the e-mail only once the link mailed to the new address is followed (issue 26)', async () => {
      const page = await signedIn('admin@lablive.test', 1280);
      await page.goto(`${server.url}/admin/profile`);
      await page.getByTestId('profile-form').waitFor(WAIT);
      await page.getByTestId('profile-email').fill('alice.new@lablive.test');
      await page.getByTestId('profile-save').click();
      // The address stays the old one, and the page says where the link went.
      await page.getByTestId('profile-email-pending').waitFor(WAIT);
      expect(await page.getByTestId('profile-email-pending').textContent()).toContain(
        'alice.new@lablive.test',
      );
      expect(await page.getByTestId('profile-email').inputValue()).toBe('admin@lablive.test');
      expect(await accessibilityViolations(page), '/admin/profile with a pending e-mail').toEqual([]);
      // The new address's mail carries the link; the old address is told.
      const mails = async () => outboxMails(server.dataDir);
      await expect
        .poll(
          async () => (await mails()).filter((mail) => /^To: .*alice\.new@lablive\.test/m.test(mail)).length,
          WAIT,
        )
        .toBe(1);
      const all = await mails();
      const link = /(http:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(
        all.find((mail) => /^To: .*alice\.new@lablive\.test/m.test(mail)) ?? '',
      )?.[1];
      expect(link).toBeDefined();
      expect(
        all.some((mail) => /^To: .*admin@lablive\.test/m.test(mail) && mail.includes('alice.new@')),
      ).toBe(true);
      const fresh = await browser.newContext({ locale: 'en', viewport: { width: 390, height: 900 } });
      const confirmPage = await fresh.newPage();
      await confirmPage.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      await confirmPage.goto(link ?? '');
      await confirmPage.getByTestId('confirm-email-submit').waitFor(WAIT);
      expect(await accessibilityViolations(confirmPage), '/confirm-email').toEqual([]);
      await confirmPage.getByTestId('confirm-email-submit').click();
      await confirmPage.getByTestId('confirm-email-done').waitFor(WAIT);
      expect(await confirmPage.getByTestId('confirm-email-done').textContent()).toContain(
        'alice.new@lablive.test',
      );
      await confirmPage.screenshot({ path: path.join(ARTIFACTS, 'confirm-email-390.png'), fullPage: true });
      expect(await accessibilityViolations(confirmPage), '/confirm-email done').toEqual([]);
      // The new address signs in from now on.
      await confirmPage.getByTestId('confirm-email-continue').click();
      await confirmPage.waitForURL('**/login', WAIT);
      await signInThroughPage(confirmPage, server.url, 'alice.new@lablive.test');
      await expect
        .poll(() => confirmPage.getByTestId('signed-in-as').textContent(), WAIT)
        .toContain('alice.new@lablive.test');
      await fresh.close();
      await page.context().close();
    });

    it('reads well on a phone', async () => {
      // The animator: the admin's address moved in the test above.
      const page = await signedIn('animator@lablive.test', 390);
      await page.goto(`${server.url}/admin/profile`);
      await page.getByTestId('profile-form').waitFor(WAIT);
      await page.screenshot({ path: path.join(ARTIFACTS, 'profile-390.png'), fullPage: true });
      expect(await accessibilityViolations(page), '/admin/profile at 390 px').toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  },
);
