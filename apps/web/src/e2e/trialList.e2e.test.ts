// The rest of the trial's list (issue 28, part 8), in the system Chromium against the server process, on
// the demo event: an empty Closed section offers no new event, and a copied link's toast leaves "New
// event" in sight; an animator invited into a room (their personal link) goes straight to it, axe finds
// nothing serious with the Presentation menu open, and the room's toast leaves the control bar and the
// header's buttons in sight; the animator runs a short session, the admin closes the event, whose card
// then shows the day it ran with Statistics, Guest list and Mail log; the session's detail at 390 px
// shows no label over its value. axe-core runs on each page visited.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD } from '@lablive/server/testing';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  enterAsPublicGuest,
  joinFromWaitingRoom,
  launchChromium,
  outboxMails,
  type ServerProcess,
  signInThroughPage,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../format/day.ts';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const ANIMATOR = 'anna.invited@example.org';
const LINK = /https?:\/\/\S+?\?invitation=[A-Za-z0-9%_-]+/;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes share any area (touching edges do not count). */
function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${locator} has no box`);
  return box;
}

describe.runIf(skipReason === null)(
  `the trial's list, in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    let event: { id: number; slug: string };
    let rooms: { id: number }[];
    let admin: Page;
    /** The animator invited into the second room (her test leaves her there, the session running). */
    let anna: Page;

    async function person(): Promise<Page> {
      const context = await browser.newContext({
        locale: 'en',
        viewport: DESKTOP,
        permissions: ['camera', 'microphone', 'clipboard-read', 'clipboard-write'],
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      return page;
    }

    async function check(page: Page, name: string) {
      await page.screenshot({ path: path.join(ARTIFACTS, `trial-${name}.png`), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
    }

    async function api<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
      return (await response.json()) as T;
    }

    /** The toast shown last, once it has slid in, covers none of these boxes. */
    async function toastLeaves(page: Page, toastId: string, others: Locator[]) {
      const toast = page.getByTestId(toastId).last();
      await toast.waitFor(WAIT);
      await expect.poll(() => toast.evaluate((element) => element.getAnimations().length), WAIT).toBe(0);
      const box = await boxOf(toast);
      for (const other of others) {
        const otherBox = await boxOf(other);
        expect(
          intersects(box, otherBox),
          `${toastId} ${JSON.stringify(box)} over ${other}: ${JSON.stringify(otherBox)}`,
        ).toBe(false);
      }
    }

    /**
     * The session detail's labels that run over their values: each figure's name (dt) and value (dd),
     * each attendance cell's column name and value, compared by the boxes of their text as drawn (a
     * name that does not wrap runs out of its own box). Throws when there is no label to compare.
     */
    async function labelsOverValues(page: Page): Promise<string[]> {
      return page.getByTestId('stats-detail').evaluate((detail) => {
        const textBox = (element: Element | null) => {
          if (element === null) return null;
          const range = document.createRange();
          range.selectNodeContents(element);
          return range.getBoundingClientRect();
        };
        const pairs = [
          ...[...detail.querySelectorAll('.stats-figure')].map((figure) => [
            figure.querySelector('dt'),
            figure.querySelector('dd'),
          ]),
          ...[...detail.querySelectorAll('.attendance-table tbody td')].map((cell) => [
            cell.querySelector('.cell-label'),
            cell.querySelector('.cell-value'),
          ]),
        ];
        const found: string[] = [];
        let cells = 0;
        for (const [label, value] of pairs) {
          const a = textBox(label ?? null);
          const b = textBox(value ?? null);
          if (a === null || b === null || a.width === 0 || b.width === 0) {
            found.push(`no label or value shown: ${label?.textContent} / ${value?.textContent}`);
            continue;
          }
          if (label?.classList.contains('cell-label')) cells += 1;
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            found.push(`${label?.textContent} over ${value?.textContent}`);
        }
        if (cells === 0) found.push('no attendance cell with its column name');
        return found;
      });
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
      event = await database.db
        .selectFrom('events')
        .select(['id', 'slug'])
        .where('name', '=', 'LabLive demo session')
        .executeTakeFirstOrThrow();
    });

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it('offers no new event in an empty Closed section, and shows a copied link without covering New event', async () => {
      admin = await person();
      await signInThroughPage(admin, server.url, 'admin@lablive.test');
      await admin.waitForURL('**/admin/events', WAIT);
      const closed = admin.getByTestId('events-closed');
      await closed.getByTestId('events-closed-none').waitFor(WAIT);
      expect(await closed.locator('a[href="/admin/events/create"]').count()).toBe(0);
      expect(await closed.getByTestId('events-closed-empty').count()).toBe(0);
      await check(admin, 'events');

      for (const viewport of [DESKTOP, PHONE]) {
        await admin.setViewportSize(viewport);
        const card = admin.getByTestId('events-current').getByTestId(`event-${event.id}`);
        await card.getByTestId('event-copy-link').click();
        await toastLeaves(admin, 'link-copied', [admin.getByTestId('new-event')]);
        await admin.screenshot({ path: path.join(ARTIFACTS, `trial-events-toast-${viewport.width}.png`) });
      }
      await admin.setViewportSize(DESKTOP);
    });

    it('takes an animator invited into a room straight to it; the Presentation menu open is accessible', async () => {
      // The demo animator invites Anna as an animator of the second room: one mail, one personal link.
      const signIn = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'animator@lablive.test', password: DEMO_PASSWORD }),
      });
      const { token } = (await signIn.json()) as { token: string };
      rooms = await api<{ id: number }[]>('GET', `/api/events/${event.id}/rooms`, token);
      expect(rooms.length).toBe(2);
      const second = rooms[1]?.id ?? 0;
      const invited = await api<{ id: number }>('POST', '/api/participants', token, {
        event_id: event.id,
        email: ANIMATOR,
        name: 'Anna Invited',
        role: 'animator',
        room_id: second,
      });
      await api('POST', '/api/event-invitations', token, {
        participant: invited.id,
        event: event.id,
        room_id: second,
        role: 'animator',
      });
      const linkIn = async () => {
        const mail = (await outboxMails(server.dataDir)).find((text) => text.includes(`To: ${ANIMATOR}`));
        return LINK.exec(mail ?? '')?.[0]?.replace(/^https?:\/\/[^/]+/, server.url) ?? null;
      };
      await expect.poll(linkIn, WAIT).not.toBeNull();

      // Her event page names her room and asks for no choice; Join takes her to that room.
      anna = await person();
      await anna.goto((await linkIn()) ?? '');
      await expect.poll(() => new URL(anna.url()).pathname, WAIT).toBe('/event');
      const card = anna.getByTestId('event-card');
      await card.getByTestId('event-placed-room').waitFor(WAIT);
      expect(await card.getByTestId('event-room-select').count()).toBe(0);
      expect(await card.getByTestId('event-placed-room').textContent()).toBe('Your room: Room 2');
      await check(anna, 'placed-animator-event');
      await card.getByTestId('event-join').click();
      await expect.poll(() => new URL(anna.url()).pathname, WAIT).toBe(`/waiting/${second}`);
      await joinFromWaitingRoom(anna);
      expect(new URL(anna.url()).pathname).toBe(`/room/${second}`);
      await anna.getByTestId('stage-loader').waitFor({ state: 'detached', timeout: WAIT.timeout });

      // The Presentation menu open: nothing serious for axe (a modal menu hid the page, its buttons focusable).
      await anna.getByTestId('room-presentation-menu').click();
      await anna.getByRole('menu').waitFor(WAIT);
      await check(anna, 'presentation-menu');
      await anna.keyboard.press('Escape');
      await anna.getByRole('menu').waitFor({ state: 'detached', timeout: WAIT.timeout });

      // A short session: started, a message in the chat.
      await anna.getByTestId('room-start-session').click();
      await anna.getByTestId('room-end-session').waitFor(WAIT);
      await anna.getByTestId('tab-chat').click();
      await anna.getByTestId('chat-input').fill('Welcome to the second room');
      await anna.keyboard.press('Enter');
      await anna.getByText('Welcome to the second room').first().waitFor(WAIT);

      // The copied public link's toast leaves the control bar and the header's buttons in sight.
      await anna.getByTestId('room-copy-link').click();
      await toastLeaves(anna, 'room-link-copied', [
        anna.getByTestId('room-controls'),
        anna.locator('.room-header-end'),
        anna.getByTestId('chat-input'),
        anna.getByTestId('chat-send'),
      ]);
      await anna.screenshot({ path: path.join(ARTIFACTS, 'trial-room-toast.png') });
    });

    it('announces a new poll on a phone in words, not only by a dot, while the sidebar is folded', async () => {
      // A guest on a phone in the second room (the public event places each new guest in its emptiest room).
      let guest: Page | null = null;
      for (let attempt = 0; attempt < 3 && guest === null; attempt++) {
        const page = await person();
        await page.setViewportSize(PHONE);
        const roomId = await enterAsPublicGuest(page, server.url, event.slug, {
          firstName: 'Phone',
          lastName: `Guest ${attempt}`,
          email: `phone-${attempt}-${Date.now()}@example.org`,
        });
        if (roomId === rooms[1]?.id) guest = page;
      }
      if (guest === null) throw new Error('no guest was placed in the second room');
      const toggle = guest.getByTestId('sidebar-toggle');
      if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded'), WAIT).toBe('false');

      await anna.getByTestId('tab-polls').click();
      await anna.getByTestId('poll-question').fill('Which dose form do your patients prefer?');
      await anna.getByTestId('poll-option-0').fill('Tablets');
      await anna.getByTestId('poll-option-1').fill('Syrup');
      await anna.getByTestId('poll-save').click();
      await anna.locator('[data-status="draft"] [data-testid^="poll-start-"]').first().click();

      const news = guest.getByTestId('sidebar-toggle-news');
      await news.waitFor({ state: 'visible', timeout: WAIT.timeout });
      expect(await news.textContent()).toBe('A poll is waiting for your answer');
      expect(await toggle.getAttribute('aria-label')).toContain('A poll is waiting for your answer');
      await guest.screenshot({ path: path.join(ARTIFACTS, 'trial-poll-news-390.png') });
    });

    it("shows a closed event's day with its Statistics, Guest list and Mail log", async () => {
      const running = admin.getByTestId('events-current').getByTestId(`event-${event.id}`);
      await running.getByTestId('event-close').click();
      await admin.getByTestId('confirm-close-confirm').click();
      const card = admin.getByTestId('events-closed').getByTestId(`event-${event.id}`);
      await card.waitFor(WAIT);
      const ran = await database.db
        .selectFrom('events')
        .select(['start_date', 'default_timezone'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(ran.start_date).not.toBeNull();
      expect(await card.getByTestId('event-date').textContent()).toBe(
        `Held on ${formatDay(ran.start_date ?? new Date(), 'en', ran.default_timezone)}`,
      );
      expect(await card.getByTestId('event-statistics').getAttribute('href')).toBe(
        `/admin/stats/${event.id}`,
      );
      expect(await card.getByTestId('event-guest-list').getAttribute('href')).toBe(
        `/admin/events/${event.id}/participants`,
      );
      expect(await admin.getByTestId('events-closed').getByTestId('events-closed-none').count()).toBe(0);
      await check(admin, 'events-closed');

      // Mail log: the guest list's page, opened on its log.
      await card.getByTestId('event-mail-log').click();
      await expect
        .poll(() => new URL(admin.url()).pathname, WAIT)
        .toBe(`/admin/events/${event.id}/participants`);
      expect(new URL(admin.url()).hash).toBe('#mail-log');
      const log = admin.getByTestId('mail-log');
      await log.waitFor(WAIT);
      await expect
        .poll(() => log.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight), WAIT)
        .toBe(true);
      await admin.goBack();
      await admin
        .getByTestId('events-closed')
        .getByTestId(`event-${event.id}`)
        .getByTestId('event-statistics')
        .click();
      await admin.getByTestId('stats-detail').waitFor(WAIT);
    });

    it("shows the session's detail at 390 px with no label over its value", async () => {
      await admin.goto(`${server.url}/admin/stats/${event.id}`);
      await admin.getByTestId('stats-detail').waitFor(WAIT);
      await admin.getByTestId('stats-person').first().waitFor(WAIT);
      await admin.setViewportSize(PHONE);
      // In every language: the French names ("Temps de présence", "Demandes de parole") are the longest.
      const heading = admin.getByRole('heading', { level: 1 });
      for (const [lang, back] of [
        ['fr', 'Retour aux statistiques'],
        ['de', 'Zurück zu den Statistiken'],
        ['en', 'Back to the statistics'],
      ] as const) {
        await admin.getByTestId(`lang-${lang}`).click();
        await expect.poll(() => admin.locator('.stats-back').textContent(), WAIT).toContain(back);
        expect(await heading.textContent()).toBe('LabLive demo session');
        expect(await labelsOverValues(admin), lang).toEqual([]);
        await admin.screenshot({
          path: path.join(ARTIFACTS, `trial-session-detail-390-${lang}.png`),
          fullPage: true,
        });
      }
      await check(admin, 'session-detail-390');
    });
  },
);
