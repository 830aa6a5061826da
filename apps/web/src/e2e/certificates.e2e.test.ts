// Attendance certificates in the system Chromium against the server process (issue 33, part 6): the
// admin sets the demo event's rules in its form while it is planned, and once it runs the form shows them
// locked and why; a French guest (public link) and the animator hold a real session, the admin closes
// the event; the guest's event page then offers their certificate, whose PDF (read with pdftotext) is in
// French with their name and code; the public page, signed in as nobody, confirms the code, refuses an
// unknown one and one that cannot be a code; the session's detail shows who qualified, and a revocation
// there (with its reason) makes the public page say revoked. axe-core on each page, at 1280 and 390 px,
// with screenshots under test-artifacts/.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  checkCertificateOnPublicPage,
  closeEventAsAdmin,
  createTestDatabase,
  downloadCertificateOnEventPage,
  launchChromium,
  personAtBrowser,
  type ServerProcess,
  setCertificateRulesThroughForm,
  signInThroughPage,
  startDemoSession,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const SESSION = 'LabLive demo session';

describe.runIf(skipReason === null)(`attendance certificates${skipReason ? ` (${skipReason})` : ''}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function person(options: Parameters<typeof personAtBrowser>[1] = {}): Promise<Page> {
    const page = await personAtBrowser(browser, options);
    contexts.push(page.context());
    return page;
  }

  /** axe and a screenshot at desktop width and at 390 px, then back to desktop. */
  async function check(page: Page, name: string) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(200);
      await page.screenshot({
        path: path.join(ARTIFACTS, `certificates-${name}-${width}.png`),
        fullPage: true,
      });
      expect(await accessibilityViolations(page), `${name} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
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
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('issues a certificate after a real session, which the guest downloads and the public page confirms', async () => {
    const event = await database.db
      .selectFrom('events')
      .select(['id', 'slug'])
      .where('name', '=', SESSION)
      .executeTakeFirstOrThrow();
    // The demo event runs from the start: put it back to planned, as an event whose rules are being set.
    await database.db
      .updateTable('events')
      .set({ active: false, start_date: null })
      .where('id', '=', event.id)
      .execute();

    const admin = await person();
    await signInThroughPage(admin, server.url, 'admin@lablive.test');
    await admin.waitForURL('**/admin/events', WAIT);
    await setCertificateRulesThroughForm(admin, server.url, event.id, {
      enabled: true,
      min_presence_percent: 50,
      min_polls_answered: 0,
    });
    await check(admin, 'rules');

    // Started: the form shows the rules read only, and says why.
    await database.db
      .updateTable('events')
      .set({ active: true, start_date: new Date() })
      .where('id', '=', event.id)
      .execute();
    await admin.reload();
    await admin.getByTestId('certificate-rules-locked').waitFor(WAIT);
    expect(await admin.getByTestId('certificate-presence').inputValue()).toBe('50');
    expect(await admin.getByTestId('certificate-presence').isDisabled()).toBe(true);
    expect(await admin.getByTestId('certificate-rules-save').count()).toBe(0);
    await check(admin, 'rules-locked');

    // A French guest and the animator hold a session of a few seconds; the admin closes the event.
    const guest = await person({ locale: 'fr' });
    const animator = await person();
    await startDemoSession(server.url, event, guest, animator, {
      firstName: 'Jeanne',
      lastName: 'Lefèvre',
      email: 'jeanne@example.org',
    });
    await guest.waitForTimeout(4000);
    await closeEventAsAdmin(await person(), server.url, event.id);

    // The guest's event page: their certificate, its PDF in French with their name and code.
    const certificate = await downloadCertificateOnEventPage(guest, server.url);
    expect(certificate.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(certificate.fileName).toBe(`attestation-${event.id}.pdf`);
    expect(certificate.text).toContain('Attestation de présence');
    expect(certificate.text).toContain('Jeanne Lefèvre');
    expect(certificate.text).toContain(SESSION);
    expect(certificate.text).toContain(certificate.code);
    await check(guest, 'event-page');

    // The public page, for anyone: the code confirmed (typed in lower case), an unknown one refused.
    const visitor = await person();
    const confirmed = await checkCertificateOnPublicPage(visitor, server.url, certificate.code.toLowerCase());
    expect(confirmed.verdict).toBe('valid');
    expect(confirmed.text).toContain('Jeanne Lefèvre');
    expect(confirmed.text).toContain(SESSION);
    await check(visitor, 'verify-valid');
    const unknown = await checkCertificateOnPublicPage(visitor, server.url, 'AAAA-BBBB-CCCC-DDDD-EEEE');
    expect(unknown.verdict).toBe('unknown');
    await check(visitor, 'verify-unknown');
    await visitor.getByTestId('certificate-code').fill('not a code');
    await visitor.getByTestId('certificate-check').click();
    await visitor.getByTestId('certificate-code-error').waitFor(WAIT);

    // The session's detail: who qualified; revoked there with a reason, the public page says so.
    await admin.goto(`${server.url}/admin/stats/${event.id}`);
    const table = admin.getByTestId('stats-certificates-table');
    await table.waitFor(WAIT);
    const row = table.locator('tr', { hasText: 'Jeanne Lefèvre' });
    await expect.poll(() => row.getAttribute('data-testid'), WAIT).toMatch(/^stats-certificate-\d+$/);
    await expect.poll(() => row.locator('[data-qualified="true"]').count(), WAIT).toBe(1);
    await check(admin, 'standings');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await admin
      .getByTestId('certificate-revoke-reason')
      .fill('Attendance claimed by a colleague on her behalf');
    await admin.getByTestId('certificate-revoke-confirm').click();
    await expect.poll(() => row.textContent(), WAIT).toContain('Revoked: Attendance claimed');
    const revoked = await checkCertificateOnPublicPage(visitor, server.url, certificate.code);
    expect(revoked.verdict).toBe('revoked');
    await check(visitor, 'verify-revoked');
  }, 240_000);
});
