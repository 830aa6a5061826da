// Consent (issue 33, part 1) in the system Chromium against the real server process: the demo lab's
// admin opens Consents from the sidebar and writes a required data-processing consent and an optional
// contact one in French, English and German; a guest on the event's public page is told to tick the
// required one and stays on the form, ticks it (the optional one left unticked) and enters; their event
// page shows what they accepted, with the words of that version, when and where; withdrawing it says
// first that they will no longer enter the rooms, is recorded, and closes Join until they accept again;
// accepted again, they go on to the waiting room. Another guest does the same in French on a phone.
// Every page is checked with axe and photographed at 1280 and 390 px.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  acceptEntryConsents,
  accessibilityViolations,
  browserSkipReason,
  closeEventAsAdmin,
  createRunningEvent,
  createTestDatabase,
  invitedParticipation,
  launchChromium,
  personAtBrowser,
  type RunningEvent,
  type ServerProcess,
  signInThroughPage,
  startDemoSession,
  startServerProcess,
  type TestDatabase,
  writeConsentAsAdmin,
} from '@lablive/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };

const DATA_PROCESSING = {
  fr: 'J’accepte que le laboratoire traite mes nom et adresse pour cet événement.',
  en: 'I agree that the lab processes my name and address for this event.',
  de: 'Ich willige ein, dass das Labor meinen Namen und meine Adresse für diese Veranstaltung verarbeitet.',
};
const CONTACT = {
  fr: 'J’accepte d’être recontacté au sujet d’autres événements.',
  en: 'I agree to be contacted about other events.',
  de: 'Ich willige ein, zu weiteren Veranstaltungen kontaktiert zu werden.',
};

describe.runIf(skipReason === null)(`consent in the browser${skipReason ? ` (${skipReason})` : ''}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let browser: Browser;
  let event: RunningEvent;

  async function check(page: Page, name: string) {
    await page.screenshot({ path: path.join(ARTIFACTS, `consents-${name}.png`), fullPage: true });
    expect(await accessibilityViolations(page), name).toEqual([]);
  }

  async function fillEntry(page: Page, guest: { first: string; last: string; email: string }) {
    await page.goto(`${server.url}/${event.slug}`);
    await page.getByTestId('entry-first-name').fill(guest.first);
    await page.getByTestId('entry-last-name').fill(guest.last);
    await page.getByTestId('entry-email').fill(guest.email);
    await page.getByTestId('consent-list').waitFor(WAIT);
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
    event = await createRunningEvent(database.db, {
      name: 'Consent webinar',
      slugPrefix: 'consent-webinar',
      isPublic: true,
      roomName: 'Plenary',
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('lets the lab’s admin write a required consent and an optional one, versioned', async () => {
    const admin = await personAtBrowser(browser);
    // A page that breaks says why here, not as a blank page and a timeout.
    const broken: string[] = [];
    admin.on('pageerror', (error) => broken.push(error.message));
    await signInThroughPage(admin, server.url, 'admin@lablive.test');
    await admin.waitForURL('**/admin/events', WAIT);
    await admin.getByRole('link', { name: 'Consents' }).click();
    await admin.getByTestId('consents-page').waitFor(WAIT);
    await check(admin, 'admin-empty-1280');

    // A text left blank is said so, in the form, and nothing is saved.
    await admin.getByTestId('consent-edit-data_processing').click();
    await admin.getByTestId('consent-text-fr').fill(DATA_PROCESSING.fr);
    await admin.getByTestId('consent-save').click();
    await expect
      .poll(() => admin.getByTestId('consent-text-en-error').textContent(), WAIT)
      .toBe('Write this text.');
    await check(admin, 'admin-form-1280');
    await admin.getByRole('button', { name: 'Cancel' }).click();

    await writeConsentAsAdmin(admin, server.url, {
      kind: 'data_processing',
      required: true,
      texts: { ...DATA_PROCESSING, en: 'A first wording, replaced before anyone accepts it.' },
    });
    await writeConsentAsAdmin(admin, server.url, {
      kind: 'data_processing',
      required: true,
      texts: DATA_PROCESSING,
    });
    await writeConsentAsAdmin(admin, server.url, { kind: 'contact', required: false, texts: CONTACT });
    const row = admin.getByTestId('consents-row').and(admin.locator('[data-kind="data_processing"]'));
    await expect.poll(() => row.textContent(), WAIT).toContain('Required');
    // Two versions of it: the first wording stays as it was written.
    const versions = await database.db
      .selectFrom('consent_versions')
      .innerJoin('consents', 'consents.id', 'consent_versions.consent_id')
      .select(['consent_versions.version', 'consent_versions.text_en'])
      .where('consents.kind', '=', 'data_processing')
      .orderBy('consent_versions.version')
      .execute();
    expect(versions).toEqual([
      { version: 1, text_en: 'A first wording, replaced before anyone accepts it.' },
      { version: 2, text_en: DATA_PROCESSING.en },
    ]);
    await check(admin, 'admin-list-1280');

    await admin.setViewportSize({ width: 390, height: 800 });
    await check(admin, 'admin-list-390');
    expect(broken).toEqual([]);
    await admin.context().close();
  });

  it('keeps a guest on the public page until they tick the required consent, then lets them in', async () => {
    const guest = await personAtBrowser(browser);
    await fillEntry(guest, { first: 'Gina', last: 'Guest', email: 'gina.consent@lablive.test' });
    await expect
      .poll(() => guest.getByTestId('consent-data_processing').textContent(), WAIT)
      .toContain(DATA_PROCESSING.en);
    expect(await guest.getByTestId('consent-box-contact').isChecked()).toBe(false);

    await guest.getByTestId('entry-submit').click();
    await expect
      .poll(() => guest.getByTestId('consent-problem').textContent(), WAIT)
      .toBe('Tick the required consents to enter the event.');
    expect(new URL(guest.url()).pathname).toBe(`/${event.slug}`);
    await check(guest, 'entry-refused-1280');

    await acceptEntryConsents(guest);
    await guest.getByTestId('entry-submit').click();
    await guest.waitForURL('**/event', WAIT);
    const given = guest.getByTestId('given-consent-data_processing');
    await expect.poll(() => given.textContent(), WAIT).toContain(DATA_PROCESSING.en);
    await expect.poll(() => given.textContent(), WAIT).toContain('version 2');
    await expect
      .poll(() => given.getByTestId('given-consent-meta').textContent(), WAIT)
      .toContain('on the event’s public page');
    await expect.poll(() => guest.getByTestId('event-join').isEnabled(), WAIT).toBe(true);
    // The optional one, left unticked, is offered again here, unticked.
    expect(await guest.getByTestId('consent-box-contact').isChecked()).toBe(false);
    await check(guest, 'event-page-1280');

    // Withdrawing says what it costs first; confirmed, it is recorded and Join closes.
    await given.getByTestId('consent-withdraw').click();
    await expect
      .poll(() => guest.getByTestId('consent-withdraw-warning').textContent(), WAIT)
      .toContain('you can no longer enter the rooms of this event');
    await check(guest, 'withdraw-confirm-1280');
    await guest.getByTestId('consent-withdraw-confirm-button').click();
    await expect
      .poll(() => given.getByTestId('given-consent-withdrawn').textContent(), WAIT)
      .toContain('Withdrawn on');
    await expect.poll(() => guest.getByTestId('consents-missing').isVisible(), WAIT).toBe(true);
    await expect.poll(() => guest.getByTestId('event-join').isDisabled(), WAIT).toBe(true);
    await check(guest, 'withdrawn-1280');

    const records = await database.db
      .selectFrom('consent_records')
      .innerJoin('participants', 'participants.id', 'consent_records.participant_id')
      .select(['consent_records.source', 'consent_records.withdrawn_at'])
      .where('participants.email', '=', 'gina.consent@lablive.test')
      .execute();
    expect(records).toEqual([{ source: 'public_page', withdrawn_at: expect.any(Date) }]);

    // Accepted again on the event page, they go on to the waiting room.
    await guest.getByTestId('consent-box-data_processing').check();
    await guest.getByTestId('consents-accept').click();
    await expect.poll(() => guest.getByTestId('event-join').isEnabled(), WAIT).toBe(true);
    await guest.getByTestId('event-join').click();
    await guest.waitForURL('**/waiting/**', WAIT);
    await guest.context().close();
  });

  it('asks the same in French on a phone', async () => {
    const guest = await personAtBrowser(browser, { width: 390, locale: 'fr' });
    await fillEntry(guest, { first: 'Paul', last: 'Phone', email: 'paul.consent@lablive.test' });
    await expect
      .poll(() => guest.getByTestId('consent-data_processing').textContent(), WAIT)
      .toContain(DATA_PROCESSING.fr);
    await guest.getByTestId('entry-submit').click();
    await expect
      .poll(() => guest.getByTestId('consent-problem').textContent(), WAIT)
      .toBe('Cochez les consentements obligatoires pour entrer dans l’événement.');
    await check(guest, 'entry-refused-390-fr');
    await acceptEntryConsents(guest, ['data_processing', 'contact']);
    await guest.getByTestId('entry-submit').click();
    await guest.waitForURL('**/event', WAIT);
    await expect
      .poll(() => guest.getByTestId('given-consent-contact').textContent(), WAIT)
      .toContain(CONTACT.fr);
    await expect
      .poll(() => guest.getByTestId('given-consent-data_processing').textContent(), WAIT)
      .toContain('version 2');
    await check(guest, 'event-page-390-fr');
    await guest.context().close();
  });

  it('keeps an invited guest at their event page until they accept, then lets them join', async () => {
    const { link } = await invitedParticipation(database.db, {
      labId: event.labId,
      eventId: event.eventId,
      roomId: event.roomId,
      role: 'participant',
      email: 'ivan.invited@lablive.test',
      name: 'Ivan Invited',
    });
    const guest = await personAtBrowser(browser, { width: 390, locale: 'de' });
    await guest.goto(`${server.url}/?invitation=${encodeURIComponent(link)}`);
    await guest.waitForURL('**/event', WAIT);
    await guest.getByTestId('consents-missing').waitFor(WAIT);
    await expect.poll(() => guest.getByTestId('event-join').isDisabled(), WAIT).toBe(true);
    await expect
      .poll(() => guest.getByTestId('consent-data_processing').textContent(), WAIT)
      .toContain(DATA_PROCESSING.de);
    await check(guest, 'invited-390-de');
    // Accepting nothing required is said so; ticked, it is recorded from the event page.
    await guest.getByTestId('consents-accept').click();
    await expect
      .poll(() => guest.getByTestId('consent-problem').textContent(), WAIT)
      .toContain('erforderlichen Einwilligungen');
    await guest.getByTestId('consent-box-data_processing').check();
    await guest.getByTestId('consents-accept').click();
    await expect.poll(() => guest.getByTestId('event-join').isEnabled(), WAIT).toBe(true);
    await expect
      .poll(() => guest.getByTestId('given-consent-data_processing').textContent(), WAIT)
      .toContain('Veranstaltungsseite');
    await check(guest, 'invited-accepted-390-de');
    await guest.getByTestId('event-join').click();
    await guest.waitForURL('**/waiting/**', WAIT);
    await guest.context().close();
  });

  it('shows in the session’s statistics which consents each participant gave', async () => {
    const guest = await personAtBrowser(browser);
    const animator = await personAtBrowser(browser);
    // The guest ticks the required consent on the public page (the testkit's helper), the demo
    // animator (staff: asked none) starts the session.
    await startDemoSession(server.url, { id: event.eventId, slug: event.slug }, guest, animator, {
      firstName: 'Sam',
      lastName: 'Session',
      email: 'sam.session@lablive.test',
    });
    const admin = await personAtBrowser(browser);
    await closeEventAsAdmin(admin, server.url, event.eventId);
    await admin.goto(`${server.url}/admin/stats/${event.eventId}`);
    await admin.getByTestId('stats-detail').waitFor(WAIT);
    const row = admin.getByTestId('stats-attendance-table').locator('tbody tr', { hasText: 'Sam Session' });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await expect.poll(() => row.getByTestId('stats-consents').textContent(), WAIT).toBe('Data processing v2');
    await check(admin, 'stats-detail-1280');
    await admin.setViewportSize({ width: 390, height: 800 });
    await check(admin, 'stats-detail-390');
    for (const page of [guest, animator, admin]) await page.context().close();
    // A whole session in three browsers: longer than one page's steps on a loaded machine.
  }, 240_000);
});
