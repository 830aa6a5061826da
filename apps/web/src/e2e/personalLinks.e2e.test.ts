// A guest's personal link used twice (issue 26, finding 5), in the system Chromium against the real
// server process: invited by the API (the invitation mail read from the server's outbox), the guest
// follows the link into the room and leaves it; the same link in the same tab lets them back in; in a
// fresh browser the used link offers a new one, one click mails it (read from the outbox), and it lands
// on the event. axe-core on every page visited, the used link's page at desktop width and at 390 px.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD } from '@lablive/server/testing';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  joinFromWaitingRoom,
  launchChromium,
  outboxMails,
  type ServerProcess,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const GUEST = 'gina.link@example.org';
const LINK = /https?:\/\/\S+?\?invitation=[A-Za-z0-9%_-]+/;

describe.runIf(skipReason === null)(
  `a guest's personal link, used and renewed, in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    async function person(): Promise<Page> {
      const context = await browser.newContext({ locale: 'en', permissions: ['camera', 'microphone'] });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => {
        if (!window.localStorage.getItem('lablive.locale'))
          window.localStorage.setItem('lablive.locale', 'en');
      });
      return page;
    }

    /** No serious or critical WCAG 2.1 AA violation on the page as it is now. */
    async function accessible(page: Page, name: string) {
      expect(await accessibilityViolations(page), name).toEqual([]);
    }

    /** The personal links of the guest's mails, oldest first, on this server's address. */
    async function linksInMails(): Promise<string[]> {
      const links: string[] = [];
      for (const mail of await outboxMails(server.dataDir)) {
        if (!mail.includes(`To: ${GUEST}`)) continue;
        const link = LINK.exec(mail)?.[0];
        if (link) links.push(link.replace(/^https?:\/\/[^/]+/, server.url));
      }
      return links;
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

      // The demo animator invites Gina to the demo event (running since the seed): one mail, one link.
      const signIn = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'animator@lablive.test', password: DEMO_PASSWORD }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const [event] = await api<{ id: number }[]>('GET', '/api/events', token);
      const rooms = await api<{ id: number }[]>('GET', `/api/events/${event?.id}/rooms`, token);
      const guest = await api<{ id: number }>('POST', '/api/participants', token, {
        event_id: event?.id,
        email: GUEST,
        name: 'Gina Link',
        role: 'participant',
        room_id: rooms[0]?.id,
      });
      await api('POST', '/api/event-invitations', token, { participant: guest.id, event: event?.id });
    });

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it('lets the guest back in with a used link: where still signed in, or by a fresh link mailed in one click', async () => {
      await expect.poll(async () => (await linksInMails()).length, WAIT).toBe(1);
      const [link = ''] = await linksInMails();

      // The invitation link signs Gina in; she enters the room and leaves it.
      const gina = await person();
      await gina.goto(link);
      await expect.poll(() => new URL(gina.url()).pathname, WAIT).toBe('/event');
      await gina.getByTestId('event-card').waitFor(WAIT);
      await accessible(gina, 'event page');
      await gina.getByTestId('event-join').click();
      await joinFromWaitingRoom(gina);
      // The stage's loader fades out once the media is ready: checked after, not mid-fade.
      await gina.getByTestId('stage-loader').waitFor({ state: 'detached', timeout: WAIT.timeout });
      await accessible(gina, 'live room');
      await gina.getByTestId('room-leave').click();
      await gina.getByTestId('room-leave-dialog').waitFor(WAIT);
      expect(await gina.getByTestId('room-leave-dialog').textContent()).toContain(
        'or with your invitation link: once used, it offers to e-mail you a new one.',
      );
      await accessible(gina, 'leave confirmation');
      await gina.getByTestId('room-leave-confirm').click();
      await expect.poll(() => new URL(gina.url()).pathname, WAIT).toBe('/event');

      // The same, used, link in the tab still signed in as Gina: straight back to her event.
      await gina.goto(link);
      await expect.poll(() => new URL(gina.url()).pathname, WAIT).toBe('/event');
      await gina.getByTestId('event-card').waitFor(WAIT);
      expect(await gina.getByTestId('link-used').count()).toBe(0);
      await accessible(gina, 'event page, back in');
      await gina.getByTestId('sign-out').click();
      await expect.poll(() => new URL(gina.url()).pathname, WAIT).toBe('/');

      // The used link in a fresh browser: no dead end, and no password asked of a guest.
      const elsewhere = await person();
      await elsewhere.goto(link);
      await elsewhere.getByTestId('link-used').waitFor(WAIT);
      expect(await elsewhere.getByRole('heading', { level: 1 }).textContent()).toBe(
        'This link no longer works',
      );
      expect(await elsewhere.getByTestId('home-sign-in').count()).toBe(0);
      await accessible(elsewhere, 'used link');
      await elsewhere.screenshot({ path: path.join(ARTIFACTS, 'used-link.png'), fullPage: true });
      await elsewhere.setViewportSize({ width: 390, height: 844 });
      await accessible(elsewhere, 'used link at 390 px');
      await elsewhere.screenshot({ path: path.join(ARTIFACTS, 'used-link-390.png'), fullPage: true });
      // The same page in German and French.
      const heading = elsewhere.getByRole('heading', { level: 1 });
      await elsewhere.getByTestId('lang-de').click();
      await expect.poll(() => heading.textContent(), WAIT).toBe('Dieser Link funktioniert nicht mehr');
      expect(await elsewhere.getByTestId('link-resend').textContent()).toBe('Neuen Link senden');
      await elsewhere.screenshot({ path: path.join(ARTIFACTS, 'used-link-390-de.png'), fullPage: true });
      await elsewhere.getByTestId('lang-fr').click();
      await expect.poll(() => heading.textContent(), WAIT).toBe('Ce lien ne fonctionne plus');
      expect(await elsewhere.getByTestId('link-resend').textContent()).toBe('M’envoyer un nouveau lien');
      await elsewhere.getByTestId('lang-en').click();
      await expect.poll(() => heading.textContent(), WAIT).toBe('This link no longer works');
      await elsewhere.setViewportSize({ width: 1280, height: 720 });

      await elsewhere.getByTestId('link-resend').click();
      await elsewhere.getByTestId('link-resent').waitFor(WAIT);
      // The button is gone: the focus is on what it did.
      expect(await elsewhere.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'link-resent',
      );
      expect(await elsewhere.getByTestId('link-resent').textContent()).toContain(
        'a new one is on its way to the same address',
      );
      await accessible(elsewhere, 'used link, new one sent');
      await elsewhere.screenshot({ path: path.join(ARTIFACTS, 'used-link-sent.png'), fullPage: true });

      // The fresh link arrives in Gina's mailbox and lands on her event.
      await expect.poll(async () => (await linksInMails()).length, WAIT).toBe(2);
      const [, fresh = ''] = await linksInMails();
      expect(fresh).not.toBe(link);
      const mails = (await outboxMails(server.dataDir)).filter((mail) => mail.includes(`To: ${GUEST}`));
      expect(mails.at(-1)).toMatch(/Subject: (Your new link|Votre nouveau lien|Ihr neuer Link)/);
      await elsewhere.goto(fresh);
      await expect.poll(() => new URL(elsewhere.url()).pathname, WAIT).toBe('/event');
      await elsewhere.getByTestId('event-card').waitFor(WAIT);
      await accessible(elsewhere, 'event page from the fresh link');
    });
  },
);
