// A person erased after a real session (issue 32, part 4), in the system Chromium against the server
// process with its job queue: a guest (public link) and the animator meet in a room and both write in
// the chat; the admin closes the event; the guest asks for their data to be erased, and the admin does
// it on /admin/personal-data with the request as the reason. Then the session's statistics and its
// replay (rebuilt by the server's job) show "erased" where the guest's name and words were, the
// animator's stay, the room's signed log still verifies with the real @lablive/verify, and the guest's
// name is in no table of the database. axe-core runs on each page visited, at 1280 and 390 px.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  closeEventAsAdmin,
  createTestDatabase,
  launchChromium,
  personAtBrowser,
  rowsHolding,
  type ServerProcess,
  sayInChat,
  signInThroughPage,
  startDemoSession,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import { verifyPackage } from '@lablive/verify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 30_000, interval: 250 };
const SESSION = 'LabLive demo session';
const GUEST_EMAIL = 'philippa.wrenfield@example.org';
const GUEST_WORDS = 'My patient in Wrenfield ward had a rash';
const ANIMATOR_WORDS = 'Thank you, please file a report';

describe.runIf(skipReason === null)(
  `a person erased after a session${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    async function person(width = 1280, locale: 'en' | 'fr' = 'en'): Promise<Page> {
      const page = await personAtBrowser(browser, { width, locale });
      contexts.push(page.context());
      return page;
    }

    async function check(page: Page, name: string) {
      await page.screenshot({ path: path.join(ARTIFACTS, `erasure-${name}.png`), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
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

    it('erases a guest who spoke in a session: statistics and replay say "erased", the signed log verifies', async () => {
      const event = await database.db
        .selectFrom('events')
        .select(['id', 'slug'])
        .where('name', '=', SESSION)
        .executeTakeFirstOrThrow();

      // The session: a guest through the public link, the animator in the same room; both speak.
      const guest = await person();
      const animator = await person();
      const roomId = await startDemoSession(server.url, event, guest, animator, {
        firstName: 'Philippa',
        lastName: 'Wrenfield',
        email: GUEST_EMAIL,
      });
      await sayInChat(guest, GUEST_WORDS);
      await sayInChat(animator, ANIMATOR_WORDS);

      // The admin closes the event, then erases the guest on their request.
      const admin = await person();
      await closeEventAsAdmin(admin, server.url, event.id);

      await admin.goto(`${server.url}/admin/personal-data`);
      await admin.getByTestId('personal-data-erase-email').fill(GUEST_EMAIL);
      await admin.getByTestId('personal-data-erase').click();
      await admin.getByTestId('confirm-erasure').waitFor(WAIT);
      await admin.getByTestId('confirm-erasure-reason').fill('Request by mail of 29 November 2026');
      await admin.getByTestId('confirm-erasure-confirm').click();
      await admin.getByTestId('personal-data-erasure-result').waitFor(WAIT);
      expect(await admin.getByTestId('personal-data-erased-participations').locator('dd').textContent()).toBe(
        '1',
      );
      await check(admin, 'result');

      // The session's statistics, rebuilt by the server's job: the guest is "erased", the animator named.
      await admin.goto(`${server.url}/admin/stats`);
      const closed = admin.getByTestId('stats-closed-link').filter({ hasText: SESSION });
      await closed.waitFor(WAIT);
      await closed.click();
      await admin.getByTestId('stats-detail').waitFor(WAIT);
      await expect
        .poll(async () => {
          await admin.reload();
          await admin.getByTestId('stats-detail').waitFor(WAIT);
          return admin
            .getByTestId('stats-person')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
        }, WAIT)
        .toEqual(expect.arrayContaining(['[erased]', 'Anatole Animateur']));
      expect(await admin.getByTestId('stats-detail').textContent()).not.toMatch(/wrenfield/i);
      await check(admin, 'session-detail');

      // Its signed log still verifies, and holds the guest's words sealed only.
      const shownKey = admin.getByTestId('stats-inspector-note').getByTestId('ledger-key');
      await shownKey.waitFor(WAIT);
      const key = ((await shownKey.textContent()) ?? '').trim();
      const [download] = await Promise.all([
        admin.waitForEvent('download', WAIT),
        admin.getByTestId(`stats-signed-log-${roomId}`).click(),
      ]);
      const file = await download.path();
      expect(await readFile(file, 'utf8')).not.toMatch(/wrenfield/i);
      const verified = await verifyPackage(file, { trustedKey: key });
      expect(verified.problem).toBeNull();
      expect(verified.verified).toBe(true);

      // The replay at its end: the guest's message reads "erased", the animator's as said.
      await admin.getByTestId(`stats-replay-${roomId}`).click();
      await admin.getByTestId('replay-room').waitFor(WAIT);
      await admin.getByTestId('replay-marker').last().click();
      await expect
        .poll(() => admin.getByTestId('replay-message').allTextContents(), WAIT)
        .toEqual([expect.stringContaining('erased'), expect.stringContaining(ANIMATOR_WORDS)]);
      expect(await admin.getByTestId('replay-room').textContent()).not.toMatch(/wrenfield/i);
      await check(admin, 'replay');

      // On a phone too, in French: the erased words say "effacé".
      const phone = await person(390, 'fr');
      await signInThroughPage(phone, server.url, 'admin@lablive.test');
      await phone.waitForURL('**/admin/events', WAIT);
      await phone.goto(admin.url());
      await phone.getByTestId('replay-room').waitFor(WAIT);
      await phone.getByTestId('replay-marker').last().click();
      await expect.poll(() => phone.getByTestId('replay-message').count(), WAIT).toBe(2);
      expect(await phone.getByTestId('replay-message').first().textContent()).toContain('effacé');
      await check(phone, 'replay-fr-390');
      await phone.goto(`${server.url}/admin/stats`);
      await phone.getByTestId('stats-closed-link').filter({ hasText: SESSION }).click();
      await phone.getByTestId('stats-detail').waitFor(WAIT);
      expect(await phone.getByTestId('stats-detail').textContent()).toContain('effacé');
      await check(phone, 'session-detail-fr-390');

      // Nowhere in the database.
      const holding = await rowsHolding(database, 'wrenfield');
      expect(holding).toEqual([]);
    });
  },
);
