// A media's mail template and a blocked deployment day through the back office (issue 28), in the
// system Chromium against the real server process: the lab's admin writes a German invitation for the
// demo media (a placeholder inserted from the list), the preview shows it filled from the sample event,
// saved it is the media's wording (the next invitation's words: mediaMailTemplates.int.test.ts), then
// back to LabLive's; the super-admin blocks a day, which the event form's calendar then refuses, and
// frees it after the confirmation. axe-core runs on both screens, at 1280 and 390 px.
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  launchChromium,
  type ServerProcess,
  signInThroughPage,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };

/** A day a few weeks ahead (`YYYY-MM-DD`): in the calendar's future, whatever today is. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.runIf(skipReason === null)(
  `mail templates and deployment days${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    async function signedIn(email: string): Promise<Page> {
      const context = await browser.newContext({ locale: 'en', viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      await signInThroughPage(page, server.url, email);
      await page.waitForURL('**/admin/**', WAIT);
      return page;
    }

    /** axe at desktop size and on a phone. */
    async function check(page: Page, what: string) {
      expect(await accessibilityViolations(page), `${what} at 1280 px`).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await accessibilityViolations(page), `${what} at 390 px`).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    /** Opens the day field's calendar on `day`'s month and answers its button. */
    async function calendarDay(page: Page, trigger: string, day: string) {
      await page.getByTestId(trigger).click();
      // The popover opens first: looking for the day before it is drawn would page past its month.
      await page.locator('.day-popover').waitFor(WAIT);
      const button = page.locator(`.day-popover [data-day="${day}"] button`);
      const shown = () =>
        button.waitFor({ state: 'visible', timeout: 1000 }).then(
          () => true,
          () => false,
        );
      for (let month = 0; month < 3 && !(await shown()); month++) {
        await page.locator('.day-popover .rdp-button_next').click();
      }
      return button;
    }

    beforeAll(async () => {
      database = await createTestDatabase({ migrate: false });
      server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      });
      browser = await launchChromium();
    });

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it("writes a media's German invitation, previewed from the sample event, then goes back to LabLive's", async () => {
      const media = await database.db
        .selectFrom('medias')
        .select('id')
        .where('slug', '=', 'demo')
        .executeTakeFirstOrThrow();
      const admin = await signedIn('admin@lablive.test');
      await admin.goto(`${server.url}/admin/medias/${media.id}`);
      const cell = admin.getByTestId('mail-template-invitation-de');
      await cell.waitFor(WAIT);
      expect(await cell.getAttribute('data-own')).toBe('false');
      await cell.click();
      await admin.getByTestId('mail-template-subject').fill('Quiz {{event}}: Sie sind dran');
      await admin.getByTestId('mail-template-body').fill('Hallo {{name}},\n\nIhr Link: ');
      await admin.getByTestId('mail-template-insert-link').click();
      expect(await admin.getByTestId('mail-template-body').inputValue()).toBe(
        'Hallo {{name}},\n\nIhr Link: {{link}}',
      );
      const subject = admin.getByTestId('mail-template-preview-subject');
      await expect
        .poll(() => subject.textContent(), WAIT)
        .toBe('Subject: Quiz Beispielveranstaltung: Sie sind dran');
      const frame = admin.frameLocator('[data-testid="mail-template-preview-frame"]');
      await expect.poll(() => frame.locator('body').textContent(), WAIT).toContain('Hallo Erika Mustermann,');
      await check(admin, 'media form with its mail template');

      // A placeholder the mails do not know is refused before anything is sent.
      await admin.getByTestId('mail-template-body').fill('Hallo {{nme}}');
      await admin.getByTestId('mail-template-save').click();
      await expect
        .poll(() => admin.getByTestId('mail-template-body-error').textContent(), WAIT)
        .toContain('Unknown placeholder: {{nme}}');
      await admin.getByTestId('mail-template-body').fill('Hallo {{name}},\n\nIhr Link: {{link}}');
      await admin.getByTestId('mail-template-save').click();
      await admin.getByTestId('mail-template-saved').waitFor(WAIT);
      await expect.poll(() => cell.getAttribute('data-own'), WAIT).toBe('true');
      const stored = await database.db
        .selectFrom('email_templates')
        .select(['subject', 'body'])
        .where('media_id', '=', media.id)
        .where('tag', '=', 'invitation')
        .where('locale', '=', 'de')
        .execute();
      expect(stored).toEqual([
        { subject: 'Quiz {{event}}: Sie sind dran', body: 'Hallo {{name}},\n\nIhr Link: {{link}}' },
      ]);

      await admin.getByTestId('mail-template-reset-open').click();
      await admin.getByTestId('mail-template-reset-dialog-confirm').click();
      await admin.getByTestId('mail-template-reset').waitFor(WAIT);
      await expect.poll(() => cell.getAttribute('data-own'), WAIT).toBe('false');
    });

    it('blocks a deployment day that the event form then refuses, and frees it', async () => {
      const day = dayAhead(20);
      const superAdmin = await signedIn('super@lablive.test');
      await superAdmin.getByTestId('nav-deploymentDays').click();
      await superAdmin.getByTestId('deployment-days-page').waitFor(WAIT);
      await check(superAdmin, 'deployment days');
      await (await calendarDay(superAdmin, 'deployment-day', day)).click();
      await superAdmin.getByTestId('deployment-day-block').click();
      const row = superAdmin.locator(`[data-blocked-day="${day}"]`);
      await row.waitFor(WAIT);
      await check(superAdmin, 'deployment days with a blocked day');

      // The event form's calendar does not offer it (and the server refuses it: eventLifecycle.int.test.ts).
      const admin = await signedIn('admin@lablive.test');
      await admin.goto(`${server.url}/admin/events/create`);
      await admin.getByTestId('event-form').waitFor(WAIT);
      expect(await (await calendarDay(admin, 'event-date', day)).isDisabled()).toBe(true);
      await admin.keyboard.press('Escape');
      expect(await (await calendarDay(admin, 'event-date', dayAhead(21))).isDisabled()).toBe(false);

      await row.getByTestId('deployment-days-delete').click();
      await superAdmin.getByTestId('deployment-days-confirm-confirm').click();
      await row.waitFor({ state: 'detached', ...WAIT });
      // The list removes the row at once (optimistic) and the server answers after: wait for the table.
      await expect
        .poll(() => database.db.selectFrom('deployment_schedulers').select('date').execute(), WAIT)
        .toEqual([]);
    });
  },
);
