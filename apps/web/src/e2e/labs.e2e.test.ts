// The platform's labs as a super-admin lives them (issue 28, part 1), in the system Chromium against the
// real server process: from the sidebar's Labs, "Lab Nord" is created with its colours (the preview and
// the contrast notes follow), two modules, its plan, Berlin time and German, a logo uploaded after the
// lab exists, a chat retention of 30 days (attendance left empty: kept), and its first admin, who receives
// the set-password mail, sets a password and signs in; a slug already taken is refused beside its field;
// the lab is suspended after a confirmation (its admin is refused at sign-in with the spec's message) and
// resumed (they sign in again); on its form at 390 px a retention of 0 days is refused beside its field and
// the retentions are changed. axe-core on the list and the form at desktop size and at 390 px.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { MESSAGES } from '@lablive/domain';
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
const GRETA = 'greta.nord@nord.test';
const GRETA_PASSWORD = 'nord-password-2026';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 4×4 green PNG, the lab's logo. */
function logoPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [11, 110, 79]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row, row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.runIf(skipReason === null)(
  `the platform's labs in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;

    async function freshPage(width: number): Promise<Page> {
      const context = await browser.newContext({ locale: 'en', viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      return page;
    }

    async function superAdmin(width: number): Promise<Page> {
      const page = await freshPage(width);
      await signInThroughPage(page, server.url, 'super@lablive.test');
      await page.waitForURL('**/admin/events', WAIT);
      return page;
    }

    async function signInAs(page: Page, email: string, password: string): Promise<void> {
      await page.goto(`${server.url}/login`);
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
    }

    const row = (page: Page) => page.locator('tr[data-lab-id]', { hasText: 'Lab Nord' });

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

    it('creates Lab Nord with its look, modules, plan, zone, language, logo and first admin', async () => {
      const page = await superAdmin(1280);
      await page.getByTestId('nav-labs').click();
      await page.getByTestId('labs-table').waitFor(WAIT);
      expect(await row(page).count()).toBe(0);
      expect(await accessibilityViolations(page), '/admin/labs').toEqual([]);

      await page.getByTestId('add-lab').click();
      await page.getByTestId('lab-form').waitFor(WAIT);
      await page.getByTestId('lab-form-name').fill('Lab Nord');
      // The address name follows the name until typed.
      expect(await page.getByTestId('lab-form-slug').inputValue()).toBe('lab-nord');
      await page.getByTestId('lab-form-primary').fill('#0b6e4f');
      await page.getByTestId('lab-form-background').fill('#f4faf7');
      await page.getByTestId('lab-form-third').fill('#08324a');
      // The preview wears the colours as the room does; white on this green reads, no shade needed.
      await expect
        .poll(() =>
          page.getByTestId('lab-preview-button').evaluate((node) => getComputedStyle(node).backgroundColor),
        )
        .toBe('rgb(11, 110, 79)');
      expect(await page.getByTestId('lab-contrast').textContent()).toContain(
        'White text on the primary colour',
      );
      expect(await page.getByTestId('lab-contrast').textContent()).not.toContain('darker shade');
      for (const module of ['pharmacovigilance', 'share_document', 'active_camera']) {
        await page.getByTestId(`lab-module-${module}`).uncheck();
      }
      await page.getByTestId('lab-form-plan').fill('12000');
      await page.getByTestId('lab-form-zone').selectOption('Europe/Berlin');
      await page.getByTestId('lab-form-locale').selectOption('de');
      // Chat and notes readable 30 days after an event; its participants named for good (empty).
      await page.getByTestId('lab-form-chat-retention').fill('30');
      expect(await page.getByTestId('lab-form-attendance-retention').inputValue()).toBe('');
      expect(await page.getByTestId('lab-form-chat-retention').getAttribute('aria-describedby')).toBe(
        'lab-form-chat-retention-unit lab-form-retention-hint',
      );
      expect(await page.getByTestId('lab-form-retention').textContent()).toContain(
        'Pharmacovigilance reports are never erased by retention.',
      );
      await page
        .getByTestId('lab-form-logo-input')
        .setInputFiles({ name: 'nord.png', mimeType: 'image/png', buffer: logoPng() });
      await page.getByTestId('lab-form-logo-preview').waitFor(WAIT);
      await page.getByTestId('lab-admin-email').fill(GRETA);
      await page.getByTestId('lab-admin-first-name').fill('Greta');
      await page.getByTestId('lab-admin-last-name').fill('Nord');
      expect(await accessibilityViolations(page), '/admin/labs/create').toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'lab-form.png'), fullPage: true });
      await page.getByTestId('lab-form-submit').click();

      await page.waitForURL('**/admin/labs', WAIT);
      await page.getByTestId('lab-saved').waitFor(WAIT);
      expect(await page.getByTestId('lab-saved').textContent()).toContain(`Lab Nord created: ${GRETA}`);
      await row(page).waitFor(WAIT);
      expect(await row(page).getByTestId('lab-state').textContent()).toBe('Active');
      expect(await row(page).textContent()).toContain('lab-nord');
      expect(await row(page).getByTestId('lab-usage').textContent()).toContain('12,000 mins');
      await row(page).getByTestId('lab-logo').waitFor(WAIT);
      await page.screenshot({ path: path.join(ARTIFACTS, 'labs.png'), fullPage: true });

      const lab = await database.db
        .selectFrom('labs')
        .select([
          'id',
          'slug',
          'primary_color',
          'time_zone',
          'default_locale',
          'plan_minutes',
          'logo_url',
          'chat_retention_days',
          'attendance_retention_days',
        ])
        .where('name', '=', 'Lab Nord')
        .executeTakeFirstOrThrow();
      expect(lab).toMatchObject({
        slug: 'lab-nord',
        primary_color: '#0b6e4f',
        time_zone: 'Europe/Berlin',
        default_locale: 'de',
        plan_minutes: 12000,
        chat_retention_days: 30,
        attendance_retention_days: null,
      });
      expect(lab.logo_url).toMatch(/^\/api\/images\//);
      const modules = await database.db
        .selectFrom('lab_modules')
        .select('module')
        .where('lab_id', '=', lab.id)
        .orderBy('module')
        .execute();
      expect(modules.map((each) => each.module)).toEqual(['polls', 'stats']);
      await page.context().close();
    });

    it('refuses an address name another lab has, beside its field', async () => {
      const page = await superAdmin(1280);
      await page.goto(`${server.url}/admin/labs/create`);
      await page.getByTestId('lab-form').waitFor(WAIT);
      await page.getByTestId('lab-form-name').fill('Lab Nord bis');
      await page.getByTestId('lab-form-slug').fill('lab-nord');
      await page.getByTestId('lab-admin-email').fill('someone@nord.test');
      await page.getByTestId('lab-admin-first-name').fill('Some');
      await page.getByTestId('lab-admin-last-name').fill('One');
      await page.getByTestId('lab-form-submit').click();
      await expect
        .poll(() => page.getByTestId('lab-form-slug-error').textContent(), WAIT)
        .toBe('Another lab already has this address name.');
      expect(await accessibilityViolations(page), '/admin/labs/create refused').toEqual([]);
      await page.context().close();
    });

    it('mails the first admin a link to set a password, and they sign in to Lab Nord', async () => {
      await expect
        .poll(
          async () =>
            (await outboxMails(server.dataDir)).filter((mail) => mail.includes(`To: ${GRETA}`)).length,
          WAIT,
        )
        .toBe(1);
      const mail = (await outboxMails(server.dataDir)).find((mail) => mail.includes(`To: ${GRETA}`)) ?? '';
      const link = new RegExp(`${server.url}/reset\\?token=[A-Za-z0-9_-]+&welcome=1`).exec(mail)?.[0];
      expect(link).toBeDefined();

      const page = await freshPage(390);
      await page.goto(link ?? '');
      await page.getByTestId('reset-password').waitFor(WAIT);
      await page.getByTestId('reset-password').fill(GRETA_PASSWORD);
      await page.getByTestId('reset-confirmation').fill(GRETA_PASSWORD);
      await page.getByTestId('reset-submit').click();
      await page.getByTestId('reset-done').waitFor(WAIT);
      // A first password is created, not changed (issue 28, part 6).
      expect(await page.getByTestId('reset-done').textContent()).toBe(
        'Your password has been created. You can sign in with it now.',
      );
      await signInAs(page, GRETA, GRETA_PASSWORD);
      await expect.poll(() => page.getByTestId('signed-in-as').textContent(), WAIT).toContain(GRETA);
      expect(await page.getByTestId('lab-name').textContent()).toContain('Lab Nord');
      // A lab admin is no super-admin: no Labs in the sidebar.
      expect(await page.getByTestId('nav-labs').count()).toBe(0);
      await page.context().close();
    });

    it('suspends Lab Nord after a confirmation (its admin refused at sign-in), then resumes it', async () => {
      const page = await superAdmin(390);
      await page.goto(`${server.url}/admin/labs`);
      await row(page).waitFor(WAIT);
      expect(await accessibilityViolations(page), '/admin/labs at 390 px').toEqual([]);
      await row(page).getByTestId('lab-suspend').click();
      const dialog = page.getByTestId('lab-suspend-dialog');
      await dialog.waitFor(WAIT);
      expect(await dialog.textContent()).toContain('running sessions will end');
      expect(await dialog.textContent()).toContain('nobody of Lab Nord will be able to sign in');
      expect(await accessibilityViolations(page), 'the suspension dialog').toEqual([]);
      // Suspending asks why (the audit trail keeps it): the confirm button waits for a reason.
      expect(await page.getByTestId('lab-suspend-dialog-confirm').isDisabled()).toBe(true);
      await page.getByTestId('lab-suspend-dialog-reason').fill('Contract ended on 30 November');
      await page.getByTestId('lab-suspend-dialog-confirm').click();
      await expect
        .poll(() => row(page).getByTestId('lab-state').textContent(), WAIT)
        .toMatch(/^Suspended since /);
      await row(page).getByTestId('lab-resume').waitFor(WAIT);

      const greta = await freshPage(1280);
      await signInAs(greta, GRETA, GRETA_PASSWORD);
      await expect
        .poll(() => greta.getByTestId('login-error').textContent(), WAIT)
        .toBe(MESSAGES.labSuspended);

      await row(page).getByTestId('lab-resume').click();
      await expect.poll(() => row(page).getByTestId('lab-state').textContent(), WAIT).toBe('Active');
      await signInAs(greta, GRETA, GRETA_PASSWORD);
      await expect.poll(() => greta.getByTestId('signed-in-as').textContent(), WAIT).toContain(GRETA);
      await greta.context().close();

      // The lab's form at 390 px: its logo shown, its settings as saved.
      await row(page).getByTestId('lab-edit').click();
      await page.getByTestId('lab-form').waitFor(WAIT);
      await page.getByTestId('lab-form-logo-preview').waitFor(WAIT);
      expect(await page.getByTestId('lab-form-zone').inputValue()).toBe('Europe/Berlin');
      expect(await page.getByTestId('lab-form-locale').inputValue()).toBe('de');
      expect(await page.getByTestId('lab-form-chat-retention').inputValue()).toBe('30');
      expect(await page.getByTestId('lab-form-attendance-retention').inputValue()).toBe('');
      expect(await page.getByTestId('lab-form-admin').count()).toBe(0);
      expect(await accessibilityViolations(page), '/admin/labs/{id} at 390 px').toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, 'lab-form-390.png'), fullPage: true });

      // 0 days is no retention: refused beside its field, which says so to a screen reader too.
      const attendance = page.getByTestId('lab-form-attendance-retention');
      await attendance.fill('0');
      await page.getByTestId('lab-form-submit').click();
      await expect
        .poll(() => page.getByTestId('lab-form-attendance-retention-error').textContent(), WAIT)
        .toBe('A whole number of days, from 1 to 36,500, or empty to keep them.');
      expect(await attendance.getAttribute('aria-invalid')).toBe('true');
      expect(await attendance.getAttribute('aria-describedby')).toContain(
        'lab-form-attendance-retention-error',
      );
      expect(await accessibilityViolations(page), 'a refused retention at 390 px').toEqual([]);
      await page
        .getByTestId('lab-form-retention')
        .screenshot({ path: path.join(ARTIFACTS, 'lab-form-retention-refused-390.png') });

      // Participants named for a year; the chat emptied, so kept for good.
      await attendance.fill('365');
      await page.getByTestId('lab-form-chat-retention').fill('');
      await page.getByTestId('lab-form-submit').click();
      await page.waitForURL('**/admin/labs', WAIT);
      await page.getByTestId('lab-saved').waitFor(WAIT);
      expect(
        await database.db
          .selectFrom('labs')
          .select(['chat_retention_days', 'attendance_retention_days'])
          .where('name', '=', 'Lab Nord')
          .executeTakeFirstOrThrow(),
      ).toEqual({ chat_retention_days: null, attendance_retention_days: 365 });
      await row(page).getByTestId('lab-edit').click();
      await page.getByTestId('lab-form').waitFor(WAIT);
      await expect.poll(() => attendance.inputValue(), WAIT).toBe('365');
      expect(await page.getByTestId('lab-form-chat-retention').inputValue()).toBe('');
      await page.context().close();
    });
  },
);
