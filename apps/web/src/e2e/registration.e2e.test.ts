// Registration for a public event (issue 33, part 5) in the system Chromium against the real server
// process, its mails through the job queue to a real SMTP server: the demo lab's admin writes the lab's
// data-processing consent (optional for the lab), opens the event's registration from its card and turns
// it on with one place, the consent required and a required yes/no field. A guest at 1280 px registers
// with the consent, follows the link mailed to her address (registered), then the personal link of her
// confirmation mail, and gets in (her event page, Join open). A second guest, in French on a 390 px phone,
// registers past capacity: waitlisted. The first cancels through her mail's link; the second is mailed
// her place and the admin's list says so. Every page is checked with axe and photographed at 1280/390 px.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createRunningEvent,
  createTestDatabase,
  followRegistrationLink,
  launchChromium,
  linkInMail,
  personAtBrowser,
  type RunningEvent,
  registerThroughPage,
  type ServerProcess,
  type SmtpCapture,
  signInThroughPage,
  startServerProcess,
  startSmtpCapture,
  type TestDatabase,
  waitForMailTo,
  writeConsentAsAdmin,
} from '@lablive/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const FIRST = 'nora.first@registration.test';
const SECOND = 'leo.second@registration.test';

describe.runIf(skipReason === null)(
  `registration in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let smtp: SmtpCapture;
    let server: ServerProcess;
    let browser: Browser;
    let event: RunningEvent;
    let admin: Page;

    async function check(page: Page, name: string) {
      await page.screenshot({ path: path.join(ARTIFACTS, `registration-${name}.png`), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
    }

    const onServer = (link: string) => link.replace(/^https?:\/\/[^/]+/, server.url);

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      database = await createTestDatabase({ migrate: false });
      smtp = await startSmtpCapture();
      server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'true',
        SMTP_URL: smtp.url,
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
      });
      browser = await launchChromium();
      event = await createRunningEvent(database.db, {
        name: 'Heart failure webinar',
        slugPrefix: 'registration-webinar',
        isPublic: true,
        roomName: 'Plenary',
        ownerEmail: 'admin@lablive.test',
      });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      await smtp?.close();
      await database?.drop();
    });

    it('lets the admin turn registration on with one place, a required consent and a custom field', async () => {
      admin = await personAtBrowser(browser);
      const broken: string[] = [];
      admin.on('pageerror', (error) => broken.push(error.message));
      await signInThroughPage(admin, server.url, 'admin@lablive.test');
      await admin.waitForURL('**/admin/events', WAIT);
      await writeConsentAsAdmin(admin, server.url, {
        kind: 'data_processing',
        required: false,
        texts: {
          fr: 'J’accepte que le laboratoire traite mes données pour ce webinaire.',
          en: 'I agree that the lab processes my data for this webinar.',
          de: 'Ich willige ein, dass das Labor meine Daten für dieses Webinar verarbeitet.',
        },
      });
      await admin.goto(`${server.url}/admin/events`);
      await admin
        .locator(`[data-testid="event-registrations"][href$="/${event.eventId}/registrations"]`)
        .click();
      await admin.getByTestId('registration-settings').waitFor(WAIT);
      await admin.getByTestId('registration-enabled').check();
      await admin.getByTestId('registration-capacity').fill('1');
      await admin.getByTestId('registration-consent-data_processing').check();
      await admin.getByTestId('registration-add-field').click();
      await admin.getByTestId('registration-field-0-key').fill('hcp');
      await admin.getByTestId('registration-field-0-type').selectOption('yes_no');
      await admin.getByTestId('registration-field-0-label-fr').fill('Je suis professionnel de santé');
      await admin.getByTestId('registration-field-0-label-en').fill('I am a health professional');
      await admin
        .getByTestId('registration-field-0-label-de')
        .fill('Ich bin Angehöriger eines Gesundheitsberufs');
      await admin.getByTestId('registration-field-0-required').check();
      await admin.getByTestId('registration-save').click();
      await expect
        .poll(() => admin.getByTestId('registration-taken').textContent(), WAIT)
        .toContain('0 places taken, 0 on the waiting list');
      expect(broken).toEqual([]);
      await check(admin, 'admin-settings-1280');
    });

    it('registers a guest with consent, confirms her address by the mailed link, and lets her in', async () => {
      const nora = await personAtBrowser(browser);
      await nora.goto(`${server.url}/${event.slug}`);
      await nora.getByTestId('registration-card').waitFor(WAIT);
      // Sent without the box ticked: the page says so and nothing is registered.
      await nora.getByTestId('registration-first-name').fill('Nora');
      await nora.getByTestId('registration-last-name').fill('First');
      await nora.getByTestId('registration-email').fill(FIRST);
      await nora.getByTestId('registration-submit').click();
      await nora.getByTestId('registration-field-hcp-error').waitFor(WAIT);
      await nora.getByTestId('consent-problem').waitFor(WAIT);
      await check(nora, 'form-problems-1280');

      await registerThroughPage(nora, server.url, event.slug, {
        first: 'Nora',
        last: 'First',
        email: FIRST,
        answers: { hcp: true },
      });
      await check(nora, 'sent-1280');
      const confirmMail = await waitForMailTo(smtp, FIRST, 'Confirm your registration');
      expect(
        await followRegistrationLink(nora, server.url, linkInMail(confirmMail, '/registration/confirm')),
      ).toBe('registered');
      await check(nora, 'confirmed-1280');

      // Her place's mail: the personal link, and the calendar file.
      const placeMail = await waitForMailTo(smtp, FIRST, 'Registration confirmed');
      expect(placeMail.raw).toContain('BEGIN:VCALENDAR');
      await nora.goto(onServer(linkInMail(placeMail, '/?invitation=')));
      await expect.poll(() => new URL(nora.url()).pathname, WAIT).toBe('/event');
      await nora.getByTestId('event-card').waitFor(WAIT);
      await expect.poll(() => nora.getByTestId('event-join').isEnabled(), WAIT).toBe(true);
      await check(nora, 'in-1280');
    });

    it('waitlists a second guest on a phone past capacity, and moves her up when the first cancels', async () => {
      const leo = await personAtBrowser(browser, { width: 390, locale: 'fr' });
      await leo.addInitScript(() => window.localStorage.setItem('lablive.locale', 'fr'));
      await leo.goto(`${server.url}/${event.slug}`);
      await leo.getByTestId('registration-full').waitFor(WAIT);
      await check(leo, 'form-full-390');
      await registerThroughPage(leo, server.url, event.slug, {
        first: 'Léo',
        last: 'Second',
        email: SECOND,
        answers: { hcp: true },
      });
      const confirmMail = await waitForMailTo(smtp, SECOND, 'Confirmez votre adresse');
      expect(
        await followRegistrationLink(leo, server.url, linkInMail(confirmMail, '/registration/confirm')),
      ).toBe('waitlisted');
      expect(await leo.getByTestId('registration-outcome').textContent()).toContain('liste d’attente');
      await check(leo, 'waitlisted-390');

      // The first guest cancels through the link of her mail: her place goes to Léo, mailed in French.
      const nora = await personAtBrowser(browser);
      const placeMail = await waitForMailTo(smtp, FIRST, 'Registration confirmed');
      expect(
        await followRegistrationLink(nora, server.url, linkInMail(placeMail, '/registration/cancel')),
      ).toBe('cancelled');
      await check(nora, 'cancelled-1280');
      const moved = await waitForMailTo(smtp, SECOND, 'Votre place est réservée');
      expect(linkInMail(moved, '/?invitation=')).toContain('invitation=');

      // The admin's list says so, on a computer and on a phone.
      await admin.reload();
      const row = (email: string) => admin.locator(`tr[data-email="${email}"]`);
      await expect.poll(() => row(SECOND).getAttribute('data-status'), WAIT).toBe('registered');
      expect(await row(FIRST).getAttribute('data-status')).toBe('cancelled');
      await check(admin, 'admin-list-1280');
      await admin.setViewportSize({ width: 390, height: 800 });
      await admin.reload();
      await admin.getByTestId('registration-funnel').waitFor(WAIT);
      await check(admin, 'admin-list-390');
    });
  },
);
