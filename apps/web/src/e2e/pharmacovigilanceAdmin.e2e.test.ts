// The back office's pharmacovigilance pages as their users live them (issue 17, parts 6 and 9), in the
// system Chromium against the real server process: the lab's admin sets who receives the reports (adds
// two addresses at once, switches one off, corrects the other in place, a malformed one refused, one
// removed), an animator files two adverse-event reports from the room's form (which says that sending
// signs it, with their name), and the admin finds them under Reports, reads one (the patient by initials
// only), opens its page with its electronic signature (issue 32), downloads its PDF (read back with
// pdf.js), sees a report changed in the database behind the product's back flagged as no longer
// matching its signature, and deletes them. Every page is checked with axe-core, on a phone too.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNATURE_MEANING_TEXT } from '@lablive/domain';
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
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
/** The admin reads the back office in Paris: the report dates are days there. */
const TIME_ZONE = 'Europe/Paris';
const SESSION = 'LabLive demo session';

/** The two reports the animator files from the room: the patient is the same, the drugs differ. */
const PATIENT = { patient_firstname: 'Jeanne', patient_lastname: 'Martin' };
const DRUGS = ['Examplol', 'Betaprol'] as const;

/** Every text of a PDF, as a reader's tool extracts it. */
async function pdfText(data: Uint8Array): Promise<string> {
  const loading = getDocument({ data, verbosity: 0, disableFontFace: true });
  const pdf = await loading.promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  await loading.destroy();
  return lines.join('\n');
}

/** The bytes of a file the page downloads when `click` runs. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', WAIT).catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(ARTIFACTS, 'debug-pdf-download.png'), fullPage: true });
      const toasts = await page.getByTestId('toast').allTextContents();
      throw new Error(`no download; toasts: ${JSON.stringify(toasts)}; ${String(error)}`);
    }),
    click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** The focused element: its tag, test id and text ("BUTTON receiver-email a@b.c"). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return `${element?.tagName} ${element?.getAttribute('data-testid') ?? ''} ${element?.tagName === 'BUTTON' ? (element.textContent ?? '') : ''}`;
  });

describe.runIf(skipReason === null)(
  `the pharmacovigilance pages of the back office in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    async function signedIn(email: string): Promise<Page> {
      const context = await browser.newContext({
        locale: 'en',
        timezoneId: TIME_ZONE,
        viewport: { width: 1280, height: 800 },
        permissions: ['camera', 'microphone'],
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      await signInThroughPage(page, server.url, email);
      return page;
    }

    /** A screenshot to look at, and no serious or critical WCAG 2.1 A/AA violation on the page. */
    async function check(page: Page, name: string, screenshot?: string) {
      if (screenshot) await page.screenshot({ path: path.join(ARTIFACTS, screenshot), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
    }

    /** Above the form's button: sending signs the report, in the animator's name, and says what it means. */
    async function checkSignatureNote(animator: Page) {
      const note = animator.getByTestId('pv-signature');
      expect(await note.textContent()).toBe(
        `Signature: Anatole Animateur${SIGNATURE_MEANING_TEXT.en.authorship}`,
      );
      const submit = animator.getByTestId('pv-submit');
      expect(await submit.getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
      // Read with the button: its description is the statement.
      const description = await submit.evaluate((button) =>
        (button.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(description).toContain(SIGNATURE_MEANING_TEXT.en.authorship);
      await submit.scrollIntoViewIfNeeded();
      await check(animator, 'report form, its signature', 'pharmacovigilance-form-signature-1280.png');
      // On a phone the note stays compact: a few lines, nothing wider than the screen.
      await animator.setViewportSize({ width: 390, height: 844 });
      await submit.scrollIntoViewIfNeeded();
      const box = await note.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(390);
      expect(box?.height ?? 0).toBeLessThan(160);
      await animator.screenshot({ path: path.join(ARTIFACTS, 'pharmacovigilance-form-signature-390.png') });
      expect(await accessibilityViolations(animator), 'report form at 390 px').toEqual([]);
      await animator.setViewportSize({ width: 1280, height: 800 });
    }

    const receivers = () =>
      database.db
        .selectFrom('pharmacovigilance_receivers')
        .select(['email', 'active'])
        .orderBy('email')
        .execute();

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
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    let admin: Page;

    it('sets who receives the reports: two added at once, one switched off, one corrected, one removed', async () => {
      // The demo lab's admin holds every permission, and the lab every module.
      admin = await signedIn('admin@lablive.test');
      // The sidebar leads to the reports (none yet); the E-mails tab is next to them.
      await admin.getByTestId('nav-pharmaReports').click();
      await admin.getByTestId('reports-empty').waitFor(WAIT);
      expect(await admin.locator('h1').textContent()).toBe('Pharma report');
      await admin.getByTestId('tab-emails').click();
      await expect.poll(() => new URL(admin.url()).pathname, WAIT).toBe('/admin/pharmacovigilance');
      await expect
        .poll(() => admin.getByTestId('tab-emails').getAttribute('aria-current'), WAIT)
        .toBe('page');
      const rows = admin.getByTestId('receivers-row');
      const row = (email: string) => rows.filter({ hasText: email });
      await expect.poll(() => rows.count(), WAIT).toBe(1);
      expect(await rows.first().textContent()).toContain('pharmacovigilance@lablive.test');

      // Two addresses at once, the second in the field that "Another address" adds.
      const fields = admin.getByTestId('receiver-new-email');
      await fields.first().fill('officer.one@example.org');
      await admin.getByTestId('receiver-another').click();
      await expect.poll(() => fields.count(), WAIT).toBe(2);
      await fields.nth(1).fill('officer.two@example.org');
      await admin.getByTestId('receivers-save').click();
      await expect.poll(() => rows.count(), WAIT).toBe(3);
      await expect
        .poll(() => admin.locator('[data-testid="receivers-row"][aria-busy]').count(), WAIT)
        .toBe(0);
      await expect
        .poll(() => admin.getByTestId('toast').allTextContents(), WAIT)
        .toContainEqual(expect.stringContaining('Your data has been saved!'));
      // The form is ready for the next ones: one empty field.
      await expect.poll(() => fields.count(), WAIT).toBe(1);
      expect(await fields.first().inputValue()).toBe('');

      // One switched off.
      const switchOne = row('officer.one@example.org').getByRole('switch');
      expect(await switchOne.isChecked()).toBe(true);
      await switchOne.click();
      await expect.poll(() => switchOne.isChecked(), WAIT).toBe(false);
      // The other corrected in place: the address, typed over, Enter.
      await row('officer.two@example.org').getByTestId('receiver-email').click();
      const editor = admin.getByTestId('receiver-email-input');
      await expect.poll(() => editor.evaluate((input) => input === document.activeElement), WAIT).toBe(true);
      await editor.press('ControlOrMeta+a');
      await editor.pressSequentially('safety.desk@example.org');
      await editor.press('Enter');
      await row('safety.desk@example.org').getByTestId('receiver-email').waitFor(WAIT);
      // The field is gone; the focus is back on the address, not lost.
      await expect.poll(() => focused(admin), WAIT).toBe('BUTTON receiver-email safety.desk@example.org');
      await expect.poll(receivers, WAIT).toEqual([
        { email: 'officer.one@example.org', active: false },
        { email: 'pharmacovigilance@lablive.test', active: true },
        { email: 'safety.desk@example.org', active: true },
      ]);

      // Read again, the list shows what was saved.
      await admin.reload();
      await expect.poll(() => rows.count(), WAIT).toBe(3);
      expect(await row('officer.two@example.org').count()).toBe(0);
      expect(await row('officer.one@example.org').getByRole('switch').isChecked()).toBe(false);
      expect(await row('safety.desk@example.org').getByRole('switch').isChecked()).toBe(true);

      // A malformed address: its field says why, and nothing is added.
      await fields.first().fill('officer.three(at)example.org');
      await admin.getByTestId('receivers-save').click();
      await expect.poll(() => fields.first().getAttribute('aria-invalid'), WAIT).toBe('true');
      const errorId = (await fields.first().getAttribute('aria-describedby')) ?? '';
      expect(await admin.locator(`[id="${errorId}"]`).textContent()).toBe('Please enter a valid email');
      expect(await rows.count()).toBe(3);
      expect(await receivers()).toHaveLength(3);
      await check(admin, 'E-mails tab', 'pharmacovigilance-emails.png');

      // One removed with its row's delete icon, once confirmed. Back first: nothing removed, and the
      // focus back on the icon.
      const deleteOne = row('officer.one@example.org').getByTestId('receivers-delete');
      await deleteOne.click();
      const dialog = admin.getByTestId('receivers-confirm');
      await dialog.waitFor(WAIT);
      expect(await dialog.textContent()).toContain('Are you sure you want to delete this element?');
      await check(admin, 'E-mails tab, delete confirmation');
      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      await expect.poll(() => focused(admin), WAIT).toBe('BUTTON receivers-delete ');
      expect(await rows.count()).toBe(3);
      await deleteOne.click();
      // The removal asks why first (the audit trail keeps it): the confirm button waits for a reason.
      const confirm = admin.getByTestId('receivers-confirm-confirm');
      expect(await confirm.isDisabled()).toBe(true);
      await admin.getByTestId('receivers-confirm-reason').fill('This officer left the company');
      await confirm.click();
      await expect.poll(() => rows.count(), WAIT).toBe(2);
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      // Its icon went with the row: the focus is on the list.
      await expect.poll(() => focused(admin), WAIT).toMatch(/^TABLE /);
      await expect.poll(receivers, WAIT).toEqual([
        { email: 'pharmacovigilance@lablive.test', active: true },
        { email: 'safety.desk@example.org', active: true },
      ]);
    });

    it("files two adverse-event reports from the room's form", async () => {
      const animator = await signedIn('animator@lablive.test');
      const event = await database.db
        .selectFrom('events')
        .select('id')
        .where('name', '=', SESSION)
        .executeTakeFirstOrThrow();
      const room = await database.db
        .selectFrom('rooms')
        .select('id')
        .where('event_id', '=', event.id)
        .where('name', '=', 'Room 1')
        .executeTakeFirstOrThrow();
      // Staff choose their room, then join it.
      const card = animator.getByTestId(`event-${event.id}`);
      await card.waitFor(WAIT);
      const roomSelect = card.getByTestId('event-room-select');
      await expect.poll(() => roomSelect.locator(`option[value="${room.id}"]`).count(), WAIT).toBe(1);
      await roomSelect.selectOption(String(room.id));
      await card.getByTestId('event-join').click();
      const join = animator.getByTestId('waiting-join');
      await join.waitFor(WAIT);
      await expect.poll(() => join.isEnabled(), WAIT).toBe(true);
      await join.click();
      await animator.getByTestId('room-page').waitFor(WAIT);

      for (const drug of DRUGS) {
        await animator.getByTestId('pv-open').click();
        const fields: Record<string, string> = {
          ...PATIENT,
          patient_birthdate: '05/14/1980',
          doctor_firstname: 'Paul',
          doctor_lastname: 'Durand',
          doctor_phone: '0612345678',
          doctor_email: 'paul.durand@example.org',
          doctor_specialty: 'Cardiology',
          doctor_address: '1 rue de la Paix, Paris',
          doctor_zip_code: '75002',
          drug_name: drug,
          drug_batch_number: '4711',
          drug_adverse_reaction: 'Dizziness two hours after the first dose.',
        };
        for (const [name, value] of Object.entries(fields))
          await animator.getByTestId(`pv-field-${name}`).fill(value);
        await animator.getByTestId('pv-field-patient_age_range').selectOption('Adults');
        await animator.getByTestId('pv-field-gender-f').check();
        if (drug === DRUGS[0]) await checkSignatureNote(animator);
        await animator.getByTestId('pv-submit').click();
        await animator.getByTestId('pv-ok').waitFor(WAIT);
        await animator.getByTestId('pv-ok').click();
        await animator.getByTestId('pv-dialog').waitFor({ state: 'detached', timeout: WAIT.timeout });
      }
      expect(
        await database.db.selectFrom('pharmacovigilance_reports').select('drug_name').orderBy('id').execute(),
      ).toEqual(DRUGS.map((drug_name) => ({ drug_name })));
    });

    it('flags a report changed behind the product’s back as no longer matching its signature', async () => {
      const betaprol = await database.db
        .selectFrom('pharmacovigilance_reports')
        .select('id')
        .where('drug_name', '=', 'Betaprol')
        .executeTakeFirstOrThrow();
      await database.db
        .updateTable('pharmacovigilance_reports')
        .set({ drug_adverse_reaction: 'Nothing happened.' })
        .where('id', '=', betaprol.id)
        .execute();
      await admin.goto(`${server.url}/admin/pharma-report-detail/${betaprol.id}`);
      const signature = admin.getByTestId('report-signature');
      await signature.waitFor(WAIT);
      expect(await signature.getAttribute('data-status')).toBe('altered');
      const status = admin.getByTestId('report-signature-status');
      expect(await status.textContent()).toContain(
        'WARNING: the stored report no longer matches the signed fingerprint.',
      );
      // Said plainly, not announced as if something had just happened.
      expect(await signature.locator('[role="alert"]').count()).toBe(0);
      expect(await admin.getByTestId('report-signature-name').textContent()).toBe('Anatole Animateur');
      await signature.screenshot({ path: path.join(ARTIFACTS, 'report-signature-altered-1280.png') });
      await check(admin, 'report page, altered');
      await admin.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => admin.evaluate(() => document.documentElement.scrollWidth), WAIT)
        .toBeLessThanOrEqual(390);
      await signature.screenshot({ path: path.join(ARTIFACTS, 'report-signature-altered-390.png') });
      await check(admin, 'report page, altered, at 390 px');
      await admin.setViewportSize({ width: 1280, height: 800 });
      await admin.goto(`${server.url}/admin/pharmacovigilance`);
    });

    it('finds a report under Reports, reads it, opens its page, downloads its PDF, and deletes the reports', async () => {
      const stored = await database.db
        .selectFrom('pharmacovigilance_reports')
        .select(['id', 'created_at'])
        .where('drug_name', '=', 'Examplol')
        .executeTakeFirstOrThrow();
      const day = new Intl.DateTimeFormat('fr-FR', {
        timeZone: TIME_ZONE,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(stored.created_at));
      expect(day).toMatch(/^\d\d\/\d\d\/\d{4}$/);
      const reference = `PV-${new Date(stored.created_at).getUTCFullYear()}-${String(stored.id).padStart(6, '0')}`;

      await admin.getByTestId('tab-reports').click();
      await expect.poll(() => new URL(admin.url()).pathname, WAIT).toBe('/admin/pharma-report');
      await expect
        .poll(() => admin.getByTestId('tab-reports').getAttribute('aria-current'), WAIT)
        .toBe('page');
      const rows = admin.getByTestId('reports-row');
      await expect.poll(() => rows.count(), WAIT).toBe(2);
      // Newest first.
      expect(await rows.nth(0).textContent()).toContain('Betaprol');
      const row = rows.filter({ hasText: 'Examplol' });
      const cell = (label: string) => row.locator(`td[data-label="${label}"]`).textContent();
      expect(await cell('Reference')).toBe(reference);
      expect(await cell('User')).toBe('Anatole Animateur');
      expect(await cell('Date')).toBe(day);
      expect(await cell('Session name')).toBe(SESSION);

      // Its detail, under the row: the patient by initials, never by name.
      const toggle = row.getByTestId('reports-expand');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded'), WAIT).toBe('true');
      const sheet = admin.getByTestId('report-sheet');
      await sheet.waitFor(WAIT);
      expect(await sheet.getByTestId('report-initials').first().textContent()).toBe('J. M.');
      expect(await sheet.getByTestId('report-drug').textContent()).toBe('Examplol');
      expect(await sheet.textContent()).toContain('Paul');
      const pageText = (await admin.locator('body').textContent()) ?? '';
      expect(pageText).not.toContain(PATIENT.patient_firstname);
      expect(pageText).not.toContain(PATIENT.patient_lastname);
      await check(admin, 'Reports tab, a row open', 'pharmacovigilance-reports.png');

      // The same on a phone: nothing wider than the screen.
      await admin.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => admin.evaluate(() => document.documentElement.scrollWidth), WAIT)
        .toBeLessThanOrEqual(390);
      await check(admin, 'Reports tab at 390 px', 'pharmacovigilance-reports-390.png');
      await admin.setViewportSize({ width: 1280, height: 800 });

      // The PDF from the list.
      const fromList = await downloaded(admin, () => row.getByTestId('report-pdf').click());
      expect(fromList.name).toBe(`${reference}.pdf`);
      expect(fromList.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The report's page, from its reference.
      await row.getByTestId('report-link').click();
      await expect
        .poll(() => new URL(admin.url()).pathname, WAIT)
        .toBe(`/admin/pharma-report-detail/${stored.id}`);
      await expect.poll(() => admin.locator('h1').textContent(), WAIT).toBe(`Report ${reference}: Examplol`);
      expect(await admin.getByTestId('report-initials').first().textContent()).toBe('J. M.');
      expect(await admin.getByTestId('report-reference').textContent()).toBe(reference);
      expect(await admin.locator('body').textContent()).not.toContain(PATIENT.patient_lastname);
      // The form's boxes as filed: readable, and clicking one changes nothing.
      const female = admin.getByRole('checkbox', { name: 'Female', exact: true });
      const male = admin.getByRole('checkbox', { name: 'Male', exact: true });
      expect([await female.isChecked(), await male.isChecked()]).toEqual([true, false]);
      await admin.getByText('Male', { exact: true }).click();
      expect([await female.isChecked(), await male.isChecked()]).toEqual([true, false]);
      // Its electronic signature: the filer, when (in the reader's zone, named), what it means, the
      // fingerprint stored with it, and the stored report still matching it.
      const signature = admin.getByTestId('report-signature');
      expect(await signature.getAttribute('data-status')).toBe('intact');
      expect(await signature.locator('h2').textContent()).toBe('Electronic signature');
      expect(await admin.getByTestId('report-signature-name').textContent()).toBe('Anatole Animateur');
      expect(await admin.getByTestId('report-signature-status').textContent()).toContain(
        'The stored report matches the signed fingerprint.',
      );
      expect(await admin.getByTestId('report-signature-date').textContent()).toMatch(
        /^\d\d\/\d\d\/\d{4}, \d\d:\d\d \(Europe\/Paris\)$/,
      );
      expect(await admin.getByTestId('report-signature-meaning').textContent()).toBe(
        SIGNATURE_MEANING_TEXT.en.authorship,
      );
      const { content_hash } = await database.db
        .selectFrom('pharmacovigilance_reports')
        .select('content_hash')
        .where('id', '=', stored.id)
        .executeTakeFirstOrThrow();
      expect(await admin.getByTestId('report-signature-hash').textContent()).toBe(
        content_hash?.toString('hex'),
      );
      await signature.screenshot({ path: path.join(ARTIFACTS, 'report-signature-1280.png') });
      await check(admin, 'report page', 'pharmacovigilance-report.png');
      // On a phone: the fingerprint wraps, nothing wider than the screen.
      await admin.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => admin.evaluate(() => document.documentElement.scrollWidth), WAIT)
        .toBeLessThanOrEqual(390);
      await signature.screenshot({ path: path.join(ARTIFACTS, 'report-signature-390.png') });
      await check(admin, 'report page at 390 px', 'pharmacovigilance-report-390.png');
      await admin.setViewportSize({ width: 1280, height: 800 });
      const pdf = await downloaded(admin, () => admin.getByTestId('report-detail-pdf').click());
      expect(pdf.name).toBe(`${reference}.pdf`);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(new Uint8Array(pdf.bytes));
      expect(text).toContain('Examplol');
      expect(text).toContain(reference);
      expect(text).toContain('The stored report matches the signed fingerprint.');

      // Back to the list: both reports checked, removed together once confirmed.
      await admin.goBack();
      await expect.poll(() => new URL(admin.url()).pathname, WAIT).toBe('/admin/pharma-report');
      await expect.poll(() => rows.count(), WAIT).toBe(2);
      const remove = admin.getByTestId('reports-remove');
      expect(await remove.isDisabled()).toBe(true);
      for (const drug of DRUGS) await rows.filter({ hasText: drug }).getByRole('checkbox').check();
      await expect.poll(() => remove.textContent(), WAIT).toBe('Remove (2)');
      await remove.click();
      const dialog = admin.getByTestId('reports-confirm');
      await dialog.waitFor(WAIT);
      expect(await dialog.textContent()).toContain(
        'Are you sure you want to delete those selected elements?',
      );
      await admin.getByTestId('reports-confirm-reason').fill('Filed twice during the training session');
      await admin.getByTestId('reports-confirm-confirm').click();
      await admin.getByTestId('reports-empty').waitFor(WAIT);
      await expect.poll(() => focused(admin), WAIT).toMatch(/^TABLE /);
      expect(await admin.getByTestId('reports-empty').textContent()).toBe(
        'No report has been filed in your lab’s rooms.',
      );
      expect(await rows.count()).toBe(0);
      // Archived, not gone: the rows stay with who deleted them and when.
      const adminId = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@lablive.test')
        .executeTakeFirstOrThrow();
      const archived = await database.db
        .selectFrom('pharmacovigilance_reports')
        .select(['deleted_at', 'deleted_by'])
        .execute();
      expect(archived).toHaveLength(2);
      for (const report of archived) {
        expect(report.deleted_at).not.toBeNull();
        expect(Number(report.deleted_by)).toBe(Number(adminId.id));
      }
      // Read again, they stay hidden.
      await admin.reload();
      await admin.getByTestId('reports-empty').waitFor(WAIT);
    });
  },
);
