// A personal data request as a lab's admin answers it (GDPR access, issue 32), in the system Chromium
// against the real server process: they open "Personal data requests" from the sidebar, read what the
// export holds and leaves out, are told a malformed address is one (nothing is asked of the server),
// then download a guest's data as JSON (it parses, with the address and the guest's participation) and
// as a PDF in the page's language and their zone, the buttons busy meanwhile; a failed download is said
// in words. Each request is in the audit trail. The page is checked with axe on a desktop and on a phone
// (390 px), and photographed; in French, the PDF is asked in French.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
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
      });
      await signInThroughPage(admin, server.url, 'admin@lablive.test');

      await admin.getByTestId('nav-personalData').click();
      await admin.getByTestId('personal-data-page').waitFor(WAIT);
      expect(new URL(admin.url()).pathname).toBe('/admin/personal-data');
      expect(await admin.locator('h1').textContent()).toBe('Personal data requests');
      expect(await admin.getByTestId('nav-personalData').getAttribute('aria-current')).toBe('page');
      const scope = admin.getByTestId('personal-data-scope');
      expect(await scope.locator('li').count()).toBe(7);
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
      const exports = await database.db
        .selectFrom('audit_entries')
        .select(['action', 'actor_email', 'changes'])
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
  },
);
