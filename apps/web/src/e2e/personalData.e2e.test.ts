// A personal data request as a lab's admin answers it (GDPR access, issue 32), in the system Chromium
// against the real server process: they open "Personal data requests" from the sidebar, read what the
// export holds and leaves out, are told a malformed address is one (nothing is asked of the server),
// then download a guest's data as JSON (it parses, with the address and the guest's participation) and
// as a PDF in the page's language and their zone, the buttons busy meanwhile; a failed download is said
// in words. Each request is in the audit trail. The page is checked with axe on a desktop and on a phone
// (390 px), and photographed; in French, the PDF is asked in French. Then another guest's data is erased on
// their request (GDPR erasure): the address checked first, the dialog restating it and waiting for the
// request as the reason, the result with its counts, reference, time in the reader's zone and the report
// kept under legal hold with the sentence to send them; erasing oneself is refused in words in the dialog.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { REASON_HEADER, readReasonHeader, reportReference } from '@lablive/domain';
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
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
/** The admin reads the back office in Paris: the PDF's dates are told there. */
const TIME_ZONE = 'Europe/Paris';
const SESSION = 'LabLive demo session';
/** A guest of the demo event, added for the test (the demo data has none). */
const GUEST = 'gina.guest@lablive.test';
const FILE_NAME = /^personal-data-\d{4}-\d{2}-\d{2}\.(json|pdf)$/;
/** A guest who asks for their data to be erased, the doctor named in a report (kept: legal hold). */
const ERIN = 'erin.erased@lablive.test';
const REQUEST = 'request by mail of 2026-11-29 — « effacez-moi »';

describe.runIf(skipReason === null)(
  `personal data requests in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    let context: BrowserContext;
    let admin: Page;
    /** The calls the page made to /api/personal-data, as their query strings. */
    const asked: URLSearchParams[] = [];
    /** The erasures the page asked for: the address sent and the reason header, read back. */
    const erasures: { body: unknown; reason: string | null }[] = [];

    /** A screenshot to look at, and no serious or critical WCAG 2.1 A/AA violation on the page. */
    async function check(name: string, screenshot: string) {
      await admin.screenshot({ path: path.join(ARTIFACTS, screenshot), fullPage: true });
      expect(await accessibilityViolations(admin), name).toEqual([]);
    }

    /** The download a click on the button starts. */
    async function downloadWith(testId: string): Promise<Download> {
      const [download] = await Promise.all([
        admin.waitForEvent('download', WAIT),
        admin.getByTestId(testId).click(),
      ]);
      return download;
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
      await context?.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it('opens from the sidebar and says what the export holds and leaves out', async () => {
      // A guest of the demo event, in its first room.
      const event = await database.db
        .selectFrom('events')
        .innerJoin('rooms', 'rooms.event_id', 'events.id')
        .select(['events.id as eventId', 'events.lab_id as labId', 'rooms.id as roomId'])
        .where('events.name', '=', SESSION)
        .orderBy('rooms.id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('participants')
        .values({
          event_id: event.eventId,
          lab_id: event.labId,
          email: GUEST,
          name: 'Gina Guest',
          role: 'participant',
          room_id: event.roomId,
          user_id: null,
          job: 'Pharmacist',
          location: 'Lyon',
          timezone: TIME_ZONE,
          google_refresh_token: null,
        })
        .execute();

      context = await browser.newContext({
        locale: 'en',
        timezoneId: TIME_ZONE,
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
      });
      admin = await context.newPage();
      await admin.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      admin.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/personal-data') asked.push(url.searchParams);
        if (url.pathname === '/api/personal-data/erasure') {
          const read = readReasonHeader(request.headers()[REASON_HEADER]);
          erasures.push({ body: request.postDataJSON(), reason: 'reason' in read ? read.reason : null });
        }
      });
      await signInThroughPage(admin, server.url, 'admin@lablive.test');

      await admin.getByTestId('nav-personalData').click();
      await admin.getByTestId('personal-data-page').waitFor(WAIT);
      expect(new URL(admin.url()).pathname).toBe('/admin/personal-data');
      expect(await admin.locator('h1').textContent()).toBe('Personal data requests');
      expect(await admin.getByTestId('nav-personalData').getAttribute('aria-current')).toBe('page');
      const scope = admin.getByTestId('personal-data-scope');
      expect(await scope.locator('li').count()).toBe(9);
      const said = (await scope.textContent()) ?? '';
      expect(said).toContain('pharmacovigilance reports');
      expect(said).toContain('patients');
      expect(said).toContain('recorded in the audit trail');
      // The field is labelled, and says which address to give.
      const field = admin.getByLabel('The person’s e-mail address');
      expect(await field.getAttribute('data-testid')).toBe('personal-data-email');
      await check('/admin/personal-data', 'personal-data-1280.png');
    });

    it('says a malformed address is one, beside the field, without asking the server', async () => {
      const field = admin.getByTestId('personal-data-email');
      await admin.getByTestId('personal-data-json').click();
      const error = admin.getByTestId('personal-data-email-error');
      await expect.poll(() => error.textContent(), WAIT).toBe('Please fill the email field');

      await field.fill('gina.guest@');
      await admin.getByTestId('personal-data-pdf').click();
      await expect.poll(() => error.textContent(), WAIT).toBe('Please enter a valid email');
      // Announced, tied to the field, and the field is where the focus is.
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.getAttribute('aria-describedby')).toContain(await error.getAttribute('id'));
      await expect
        .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT)
        .toBe('personal-data-email');
      expect(asked).toEqual([]);
      await check('/admin/personal-data with an error', 'personal-data-error-1280.png');
    });

    it("downloads a guest's data as JSON, under the server's name", async () => {
      await admin.getByTestId('personal-data-email').fill(GUEST);
      const download = await downloadWith('personal-data-json');
      expect(download.suggestedFilename()).toMatch(FILE_NAME);
      expect(download.suggestedFilename().endsWith('.json')).toBe(true);
      const data: unknown = JSON.parse(await readFile(await download.path(), 'utf8'));
      expect(data).toHaveProperty('email', GUEST);
      expect(data).toHaveProperty('participations');
      expect(data).toMatchObject({
        participations: [{ event: SESSION, name: 'Gina Guest', job: 'Pharmacist' }],
      });
      await expect
        .poll(() => admin.getByTestId('personal-data-saved').textContent(), WAIT)
        .toBe(`${download.suggestedFilename()} saved: the data of ${GUEST}.`);
      expect(await admin.getByTestId('personal-data-email-error').count()).toBe(0);
    });

    it("downloads it as a PDF in the page's language and the reader's zone, busy meanwhile", async () => {
      // The answer held back a moment, so the page is seen waiting for it.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await admin.route('**/api/personal-data?*', async (route) => {
        await held;
        await route.continue();
      });
      const pdf = admin.getByTestId('personal-data-pdf');
      const [download] = await Promise.all([
        admin.waitForEvent('download', WAIT),
        (async () => {
          await pdf.click();
          await expect.poll(() => pdf.getAttribute('aria-busy'), WAIT).toBe('true');
          expect(await pdf.textContent()).toBe('Preparing the file…');
          expect(await pdf.isDisabled()).toBe(true);
          expect(await admin.getByTestId('personal-data-json').isDisabled()).toBe(true);
          release();
        })(),
      ]);
      await admin.unroute('**/api/personal-data?*');
      expect(download.suggestedFilename()).toMatch(FILE_NAME);
      expect(download.suggestedFilename().endsWith('.pdf')).toBe(true);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({
        email: GUEST,
        format: 'pdf',
        locale: 'en',
        timeZone: TIME_ZONE,
      });
      await expect.poll(() => pdf.getAttribute('aria-busy'), WAIT).toBe('false');
      expect(await pdf.textContent()).toBe('Download as PDF (readable)');
    });

    it('records each request in the audit trail, with the address', async () => {
      // The trail's personal values are stored sealed (erasure, issue 32): read opened, as the server does.
      const exports = await database.db
        .selectFrom('audit_entries')
        .select((eb) => [
          'action',
          eb.fn<string | null>('open_personal', ['actor_email']).as('actor_email'),
          eb.fn<unknown>('open_audit_changes', ['changes']).as('changes'),
        ])
        .where('record_type', '=', 'person')
        .execute();
      expect(exports).toHaveLength(2);
      for (const entry of exports) {
        expect(entry.action).toBe('export');
        expect(entry.actor_email).toBe('admin@lablive.test');
        expect(JSON.stringify(entry.changes)).toContain(GUEST);
      }
    });

    it('says a failed download in words', async () => {
      await admin.route('**/api/personal-data?*', (route) => route.abort('connectionrefused'));
      await admin.getByTestId('personal-data-json').click();
      const error = admin.getByTestId('personal-data-error');
      await error.waitFor(WAIT);
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await error.textContent()).toMatch(/^The file could not be downloaded: .+/);
      expect(await admin.getByTestId('personal-data-saved').textContent()).toBe('');
      await admin.unroute('**/api/personal-data?*');
    });

    it('reads on a phone (390 px): the buttons stack, nothing overflows', async () => {
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.reload();
      await admin.getByTestId('personal-data-page').waitFor(WAIT);
      await admin.getByTestId('personal-data-email').fill(GUEST);
      await downloadWith('personal-data-json');
      await admin.getByTestId('personal-data-saved').filter({ hasText: GUEST }).waitFor(WAIT);
      const json = await admin.getByTestId('personal-data-json').boundingBox();
      const pdf = await admin.getByTestId('personal-data-pdf').boundingBox();
      if (json === null || pdf === null) throw new Error('the buttons are not on screen');
      expect(pdf.y).toBeGreaterThan(json.y);
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await check('/admin/personal-data at 390 px', 'personal-data-390.png');
    });

    it('asks the PDF in French once the page is in French', async () => {
      await admin.getByTestId('lang-fr').click();
      await expect
        .poll(() => admin.locator('h1').textContent(), WAIT)
        .toBe('Demandes de données personnelles');
      const download = await downloadWith('personal-data-pdf');
      expect(download.suggestedFilename()).toMatch(FILE_NAME);
      expect(Object.fromEntries(asked.at(-1) ?? [])).toMatchObject({ format: 'pdf', locale: 'fr' });
      await expect
        .poll(() => admin.getByTestId('personal-data-saved').textContent(), WAIT)
        .toBe(`${download.suggestedFilename()} enregistré\u00a0: les données de ${GUEST}.`);
      await check('/admin/personal-data in French at 390 px', 'personal-data-fr-390.png');
    });

    /** A photograph of one part of the page, to look at. */
    async function shoot(testId: string, screenshot: string) {
      await admin.getByTestId(testId).screenshot({ path: path.join(ARTIFACTS, screenshot) });
    }

    it("erases a guest's data on their request, keeping the report under legal hold", async () => {
      // Erin: a guest of the demo event, and the doctor of a report filed in its room.
      const event = await database.db
        .selectFrom('events')
        .innerJoin('rooms', 'rooms.event_id', 'events.id')
        .select(['events.id as eventId', 'events.lab_id as labId', 'rooms.id as roomId'])
        .where('events.name', '=', SESSION)
        .orderBy('rooms.id')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('participants')
        .values({
          event_id: event.eventId,
          lab_id: event.labId,
          email: ERIN,
          name: 'Erin Erased',
          role: 'participant',
          room_id: event.roomId,
          user_id: null,
          job: 'Doctor',
          location: 'Nantes',
          timezone: TIME_ZONE,
          google_refresh_token: null,
        })
        .execute();
      const report = await database.db
        .insertInto('pharmacovigilance_reports')
        .values({
          lab_id: event.labId,
          event_id: event.eventId,
          room_id: event.roomId,
          user_id: null,
          participant_id: null,
          username: 'Animator',
          gender: 'f',
          patient_firstname: 'P',
          patient_lastname: 'Q',
          patient_birthdate: '1970-01-01',
          patient_age_range: 'Adults',
          doctor_firstname: 'Erin',
          doctor_lastname: 'Erased',
          doctor_phone: '0102030405',
          doctor_email: ERIN,
          doctor_specialty: 'GP',
          doctor_address: '1 rue de la Paix',
          doctor_zip_code: '44000',
          drug_name: 'Examplamab',
          drug_batch_number: 'B-1',
          drug_adverse_reaction: 'Headache',
          signed_name: null,
          signed_at: null,
          signature_meaning: null,
          content_hash: null,
          deleted_at: null,
          deleted_by: null,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const reference = reportReference(report.id, report.created_at);

      await admin.setViewportSize({ width: 1280, height: 800 });
      await admin.getByTestId('lang-en').click();
      await expect.poll(() => admin.locator('h1').textContent(), WAIT).toBe('Personal data requests');
      const section = admin.getByTestId('personal-data-erasure');
      const said = (await section.textContent()) ?? '';
      expect(said).toContain('Erase this person’s data');
      expect(said).toContain('“erased”');
      expect(said).toContain('520/2012');
      await section.scrollIntoViewIfNeeded();
      await shoot('personal-data-erasure', 'personal-data-erasure-1280.png');

      // No address: said beside the field, and no dialog.
      await admin.getByTestId('personal-data-erase').click();
      const error = admin.getByTestId('personal-data-erase-email-error');
      await expect.poll(() => error.textContent(), WAIT).toBe('Please fill the email field');
      expect(await admin.getByTestId('confirm-erasure').count()).toBe(0);

      await admin.getByTestId('personal-data-erase-email').fill(ERIN);
      await admin.getByTestId('personal-data-erase').click();
      const dialog = admin.getByTestId('confirm-erasure');
      await dialog.waitFor(WAIT);
      expect(await dialog.textContent()).toContain(ERIN);
      const confirm = admin.getByTestId('confirm-erasure-confirm');
      const reason = admin.getByTestId('confirm-erasure-reason');
      // The reason first: the focus is there, and the button waits for some text.
      await expect
        .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT)
        .toBe('confirm-erasure-reason');
      expect(await confirm.isDisabled()).toBe(true);
      await reason.fill('   ');
      expect(await confirm.isDisabled()).toBe(true);
      await reason.fill(REQUEST);
      expect(await confirm.isEnabled()).toBe(true);
      await admin.screenshot({ path: path.join(ARTIFACTS, 'personal-data-erasure-dialog-1280.png') });
      expect(await accessibilityViolations(admin), 'the erasure dialog').toEqual([]);

      await confirm.click();
      const result = admin.getByTestId('personal-data-erasure-result');
      await result.waitFor(WAIT);
      expect(await dialog.count()).toBe(0);
      expect(erasures).toEqual([{ body: { email: ERIN }, reason: REQUEST }]);
      // The focus on the result's heading, which says whose data went.
      const heading = result.locator('h3');
      expect(await heading.textContent()).toBe(`The data of ${ERIN} is erased`);
      await expect.poll(() => admin.evaluate(() => document.activeElement?.tagName), WAIT).toBe('H3');
      expect(await admin.getByTestId('personal-data-erased-at').textContent()).toMatch(
        /^Erased on .+ at \d{2}:\d{2} \(Europe\/Paris\)\.$/,
      );
      const erasureId = (await admin.getByTestId('personal-data-erasure-id').textContent()) ?? '';
      expect(erasureId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await admin.getByTestId('personal-data-erased-participations').textContent()).toBe(
        'Event participations made unreadable1',
      );
      expect(await admin.getByTestId('personal-data-erased-accounts').locator('dd').textContent()).toBe('0');
      // The report kept, named, with the sentence to send Erin.
      const kept = admin.getByTestId('personal-data-kept-reports');
      expect(await kept.getByTestId('personal-data-kept-report').allTextContents()).toEqual([reference]);
      const letter = (await admin.getByTestId('personal-data-kept-letter').textContent()) ?? '';
      expect(letter).toContain(`except the pharmacovigilance report ${reference}, which we must keep`);
      expect(letter).toContain('520/2012, article 12');
      expect(letter).toContain('article 17(3)(b) and (c)');
      // The field is emptied for the next request.
      expect(await admin.getByTestId('personal-data-erase-email').inputValue()).toBe('');
      await shoot('personal-data-erasure', 'personal-data-erasure-result-1280.png');
      await check('/admin/personal-data after an erasure', 'personal-data-erased-1280.png');

      // The trail records it under the reference the page shows, with the request as the reason.
      const entry = await database.db
        .selectFrom('audit_entries')
        .select(['action', 'record_id'])
        .where('action', '=', 'erase')
        .executeTakeFirstOrThrow();
      expect(entry.record_id).toBe(erasureId);
    });

    it('refuses, in words in the dialog, to erase the one who asks', async () => {
      await admin.getByTestId('personal-data-erase-email').fill('admin@lablive.test');
      await admin.getByTestId('personal-data-erase').click();
      await admin.getByTestId('confirm-erasure').waitFor(WAIT);
      await admin.getByTestId('confirm-erasure-reason').fill(REQUEST);
      await admin.getByTestId('confirm-erasure-confirm').click();
      const refusal = admin.getByTestId('confirm-erasure-error');
      await refusal.waitFor(WAIT);
      expect(await refusal.getAttribute('role')).toBe('alert');
      expect(((await refusal.textContent()) ?? '').length).toBeGreaterThan(0);
      // The last erasure's result stays as it was.
      expect(await admin.getByTestId('personal-data-erasure-result').locator('h3').textContent()).toBe(
        `The data of ${ERIN} is erased`,
      );
      await admin.getByTestId('confirm-erasure').getByRole('button', { name: 'Back' }).click();
      await admin.getByTestId('confirm-erasure').waitFor({ state: 'detached', ...WAIT });
    });

    it('reads on a phone (390 px) and in French: the dialog, the result and the sentence to send', async () => {
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.getByTestId('lang-fr').click();
      await expect
        .poll(() => admin.locator('h1').textContent(), WAIT)
        .toBe('Demandes de données personnelles');
      // The result, in French now, the sentence to send too.
      await expect
        .poll(() => admin.getByTestId('personal-data-kept-letter').textContent(), WAIT)
        .toContain('que nous devons conserver');
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot('personal-data-erasure', 'personal-data-erasure-fr-390.png');
      await check('/admin/personal-data after an erasure at 390 px', 'personal-data-erased-fr-390.png');

      await admin.getByTestId('personal-data-erase-email').fill(GUEST);
      await admin.getByTestId('personal-data-erase').click();
      const dialog = admin.getByTestId('confirm-erasure');
      await dialog.waitFor(WAIT);
      expect(await dialog.textContent()).toContain(GUEST);
      // Asked afresh: the last refusal is not said again.
      expect(await admin.getByTestId('confirm-erasure-error').count()).toBe(0);
      expect(await admin.getByTestId('confirm-erasure-reason').inputValue()).toBe('');
      await admin.getByTestId('confirm-erasure-reason').fill(REQUEST);
      await admin.screenshot({ path: path.join(ARTIFACTS, 'personal-data-erasure-dialog-fr-390.png') });
      expect(await accessibilityViolations(admin), 'the erasure dialog at 390 px').toEqual([]);
      // Back: nothing is erased.
      await dialog.getByRole('button', { name: 'Retour' }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      expect(erasures).toHaveLength(2);
    });

    it('says what was erased "erased" on the audit trail, in italics', async () => {
      // The page opens in English again (the init script's choice).
      await admin.goto(`${server.url}/admin/audit?recordType=participant`);
      await admin.getByTestId('audit-who').first().waitFor(WAIT);
      const erased = admin.locator('[data-testid="audit-change"] em[data-erased]');
      await expect.poll(() => erased.count(), WAIT).toBeGreaterThan(0);
      expect(await erased.first().textContent()).toBe('erased');
      expect(await erased.first().evaluate((node) => getComputedStyle(node).fontStyle)).toBe('italic');
      await admin.screenshot({ path: path.join(ARTIFACTS, 'audit-erased-390.png'), fullPage: true });
    });
  },
);
