// The back office's event lifecycle as an animator lives it, in the system Chromium against the real
// server process: plan "Oncology update" for next Tuesday 14:00 to 16:00 with 3 rooms and manual
// distribution, add three guests (one invitation mail read from the outbox, its link followed by the
// guest), start the event, the guest joins the room, close it (the guest sees the end), find it under
// Closed events, and the same page in German. Every page visited is checked with axe-core.
import { mkdir, readFile } from 'node:fs/promises';
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
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };

/** The Tuesday after today, as the form's calendar names days (YYYY-MM-DD). */
function nextTuesday(from = new Date()): string {
  const day = new Date(from);
  day.setDate(day.getDate() + ((2 - day.getDay() + 7) % 7 || 7));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

describe.runIf(skipReason === null)(
  `the back office in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    async function person(locale = 'en'): Promise<Page> {
      const context = await browser.newContext({ locale, permissions: ['camera', 'microphone'] });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript((language) => {
        if (!window.localStorage.getItem('lablive.locale'))
          window.localStorage.setItem('lablive.locale', language);
      }, locale);
      return page;
    }

    /** A demo account signed in through the sign-in page. */
    async function signedIn(email: string): Promise<Page> {
      const page = await person();
      await signInThroughPage(page, server.url, email);
      return page;
    }

    /** A screenshot to look at, and no serious or critical WCAG 2.1 AA violation on the page. */
    async function check(page: Page, name: string) {
      await page.screenshot({ path: path.join(ARTIFACTS, `back-office-${name}.png`), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
    }

    /** The first link in `email`'s mails (from the server's outbox) that `pattern` matches. */
    async function linkInMail(email: string, pattern: RegExp): Promise<string> {
      let link: string | undefined;
      await expect
        .poll(async () => {
          for (const mail of await outboxMails(server.dataDir)) {
            if (!mail.includes(`To: ${email}`)) continue;
            link = mail.match(pattern)?.[0];
          }
          return link;
        }, WAIT)
        .toBeDefined();
      return link ?? '';
    }

    const invitationLink = (email: string) => linkInMail(email, /https?:\/\/\S+\?invitation=[A-Za-z0-9%_-]+/);

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

    it('plans, fills, starts and closes an event; a guest follows the invitation into the room', async () => {
      const animator = await signedIn('animator@lablive.test');
      await animator.getByTestId('events-current').waitFor(WAIT);
      expect(new URL(animator.url()).pathname).toBe('/admin/events');
      await check(animator, 'events');

      // Plan the event.
      await animator.getByTestId('new-event').click();
      await animator.getByTestId('event-form').waitFor(WAIT);
      await animator.getByTestId('event-name').fill('Oncology update');
      await animator.getByTestId('event-rooms').fill('3');
      await animator.getByTestId('distribution-manual').check();
      const day = nextTuesday();
      await animator.getByTestId('event-date').click();
      const dayButton = animator.locator(`[data-day="${day}"] button`);
      if (!(await dayButton.isVisible())) await animator.locator('.rdp-button_next').click();
      await dayButton.click();
      await animator.getByTestId('event-start').fill('14:00');
      await animator.getByTestId('event-end').fill('16:00');
      await animator.getByTestId('event-description').click();
      await animator.keyboard.type('Quarterly update for the oncology team.');
      await check(animator, 'event-form');
      await animator.getByTestId('event-submit').click();
      await animator.getByTestId('participants-empty').waitFor(WAIT);
      const eventId = Number(new URL(animator.url()).pathname.split('/')[3]);
      expect(eventId).toBeGreaterThan(0);

      // Three guests, each placed by hand and invited.
      const guests = [
        {
          name: 'Gina Guest',
          email: 'gina@example.org',
          role: 'participant',
          room: 'Room 1',
          job: 'Oncologist',
        },
        {
          name: 'Otto Observer',
          email: 'otto@example.org',
          role: 'observer',
          room: 'Room 2',
          job: 'Pharmacist',
        },
        {
          name: 'Ann Animator',
          email: 'ann@example.org',
          role: 'animator',
          room: 'Room 1',
          job: 'Medical lead',
        },
      ];
      for (const guest of guests) {
        await animator.getByTestId('add-participant').click();
        await animator.getByTestId('participant-form').waitFor(WAIT);
        await animator.getByTestId('participant-name').fill(guest.name);
        await animator.getByTestId('participant-room').selectOption({ label: guest.room });
        await animator.getByTestId('participant-email').fill(guest.email);
        await animator.getByTestId('participant-role').selectOption(guest.role);
        await animator.getByTestId('participant-job').fill(guest.job);
        if (guest === guests[0]) await check(animator, 'participant-form');
        await animator.getByTestId('participant-submit').click();
        await animator.getByTestId('participants-table').waitFor(WAIT);
      }
      await expect.poll(() => animator.getByTestId('participant-row').count(), WAIT).toBe(3);
      const roomCard = animator.getByTestId('room-card');
      await expect.poll(() => roomCard.locator('strong').allTextContents(), WAIT).toEqual(['Ann Animator']);
      await check(animator, 'participants');

      // The mail log lists the three invitations, sent (Refresh reads it again while the queue works).
      const mailLog = animator.getByTestId('mail-log');
      await expect
        .poll(async () => {
          await mailLog.getByRole('button').click();
          return mailLog.locator('[data-testid="mail-row"][data-state="sent"]').count();
        }, WAIT)
        .toBe(3);
      expect(await mailLog.getByTestId('mail-row').first().textContent()).toContain('Invitation');

      // Gina's invitation mail carries her personal link; it signs her in and lands on her event.
      const link = await invitationLink('gina@example.org');
      const gina = await person();
      await gina.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await expect.poll(() => new URL(gina.url()).pathname, WAIT).toBe('/event');
      await gina.getByTestId('event-card').waitFor(WAIT);
      await check(gina, 'guest-event');

      // The calendar link of the same mail opens Gina's calendar page, signed in or not: her event, a
      // calendar file that a calendar reads (ical.js here), and Google Calendar's page filled in.
      const calendarLink = await linkInMail(
        'gina@example.org',
        /https?:\/\/\S+\?calendar&e=\d+&i=\d+&k=[\w-]+/,
      );
      const visitor = await person();
      await visitor.goto(calendarLink.replace(/^https?:\/\/[^/]+/, server.url));
      await expect
        .poll(() => visitor.getByTestId('calendar-greeting').textContent(), WAIT)
        .toBe('Hello Gina Guest,');
      expect(await visitor.getByTestId('calendar-event-name').textContent()).toBe('Oncology update');
      await check(visitor, 'my-calendar');
      const [download] = await Promise.all([
        visitor.waitForEvent('download'),
        visitor.getByTestId('calendar-download').click(),
      ]);
      const calendar = new ICAL.Component(ICAL.parse(await readFile(await download.path(), 'utf8')));
      const entry = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
      expect(entry.summary).toBe('Oncology update');
      expect(entry.uid).toMatch(/^lablive-event-\d+-guest-\d+@lablive$/);
      expect(entry.location).toContain('?invitation=');
      const google = new URL((await visitor.getByTestId('calendar-google').getAttribute('href')) ?? '');
      expect(google.searchParams.get('text')).toBe('Oncology update');
      expect(google.searchParams.get('dates')).toBe(
        `${entry.startDate.toJSDate().toISOString().replace(/[-:]/g, '').replace('.000', '')}/${entry.endDate
          .toJSDate()
          .toISOString()
          .replace(/[-:]/g, '')
          .replace('.000', '')}`,
      );
      // Ann, an animator, picks her room there.
      const annCalendar = await linkInMail(
        'ann@example.org',
        /https?:\/\/\S+\?calendar&e=\d+&i=\d+&k=[\w-]+/,
      );
      const ann = await person();
      await ann.goto(annCalendar.replace(/^https?:\/\/[^/]+/, server.url));
      await ann.getByTestId('calendar-room').selectOption({ label: 'Room 2' });
      await ann.getByRole('button', { name: 'Save my room' }).click();
      await expect
        .poll(() => ann.getByTestId('calendar-room-status').textContent(), WAIT)
        .toBe('Your room is saved.');
      await check(ann, 'my-calendar-animator');

      // The animator starts the event on the day.
      await animator.goto(`${server.url}/admin/events`);
      const planned = animator.getByTestId('events-planned').getByTestId(`event-${eventId}`);
      await planned.getByTestId('event-start').click();
      await check(animator, 'confirm-start');
      await animator.getByTestId('confirm-start-confirm').click();
      const running = animator.getByTestId('events-current').getByTestId(`event-${eventId}`);
      await running.waitFor(WAIT);

      // Gina joins her room.
      await gina.reload();
      await gina.getByTestId('event-join').click();
      await gina.getByTestId('waiting-join').waitFor(WAIT);
      await gina.getByTestId('waiting-join').click();
      await gina.getByTestId('room-page').waitFor(WAIT);

      // Closing the event ends the session in Gina's room, and the event moves under Closed events.
      await running.getByTestId('event-close').click();
      await animator.getByTestId('confirm-close-confirm').click();
      await animator.getByTestId('events-closed').getByTestId(`event-${eventId}`).waitFor(WAIT);
      await gina.getByTestId('room-ended').waitFor(WAIT);
      await check(animator, 'events-after-close');
      // Back on her event's page, Gina is told it has ended; there is no Join any more.
      await gina.getByTestId('room-ended-exit').click();
      await gina.getByTestId('event-ended').waitFor(WAIT);
      expect(await gina.getByTestId('event-join').count()).toBe(0);
      expect(await gina.getByTestId('event-status').textContent()).toBe('Ended');
      await check(gina, 'guest-event-ended');

      // The same page in German.
      await animator.getByTestId('lang-de').click();
      await expect.poll(() => animator.locator('h1').first().textContent(), WAIT).toBe('Veranstaltungen');
      expect(await animator.getByTestId('events-closed').locator('h2').textContent()).toBe(
        'Abgeschlossene Veranstaltungen',
      );
      await check(animator, 'events-de');
    });

    it('opens a user without back-office permissions on their profile, without a sidebar', async () => {
      const page = await signedIn('user@lablive.test');
      await page.waitForURL('**/admin/profile', WAIT);
      await page.getByTestId('signed-in-as').waitFor(WAIT);
      // No sidebar: nothing of the back office is theirs; /admin brings them back to their profile.
      expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
      expect(await page.getByTestId('not-enough-permissions').count()).toBe(0);
      await check(page, 'user-profile-no-sidebar');
      await page.goto(`${server.url}/admin`);
      await page.waitForURL('**/admin/profile', WAIT);
      // A page they may not open still says so, and unknown back-office paths go home.
      await page.goto(`${server.url}/admin/events`);
      await page.getByTestId('not-enough-permissions').waitFor(WAIT);
      expect(await page.getByTestId('not-enough-permissions').textContent()).toBe('Not enough permissions');
      await check(page, 'not-enough-permissions');
      await page.goto(`${server.url}/admin/nowhere`);
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/');
    });
    it("keeps every text readable in a lab's own colours, however light or dark", async () => {
      // A pale yellow brand, a near-black page and a light grey ink: each unreadable as it is.
      await database.db
        .updateTable('labs')
        .set({ primary_color: '#ffe066', background_color: '#1a1a1a', third_color: '#cccccc' })
        .execute();
      const page = await signedIn('animator@lablive.test');
      await page.getByTestId('events-current').waitFor(WAIT);
      await check(page, 'events-lab-colours');
      await page.getByTestId('new-event').click();
      await page.getByTestId('event-form').waitFor(WAIT);
      await check(page, 'event-form-lab-colours');
      const slug = await database.db
        .selectFrom('events')
        .select('slug')
        .where('is_public', '=', true)
        .executeTakeFirstOrThrow();
      const guest = await person();
      await guest.goto(`${server.url}/${slug.slug}`);
      await guest.getByTestId('entry-first-name').waitFor(WAIT);
      await check(guest, 'entry-lab-colours');
    });
  },
);
