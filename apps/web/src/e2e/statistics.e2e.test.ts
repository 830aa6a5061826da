// Statistics and replay after a real session (issue 18, part 6), in the system Chromium against the
// server process: a guest (public link) and the animator meet in a room, the animator starts the
// session, both write in the chat a few seconds apart, the guest's page reloads (a reconnection), the
// admin closes the event; then Statistics lists the session, its detail shows both people, and its
// replay, set to an instant between the two messages, shows the first and not the second. The room's
// log, signed for an inspector, downloads from the detail page and the real verifier (@lablive/verify)
// accepts it with the key the page shows; the replay page downloads it too. axe-core runs on each page
// visited.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  closeEventAsAdmin,
  createTestDatabase,
  launchChromium,
  personAtBrowser,
  type ServerProcess,
  sayInChat,
  startDemoSession,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import { verifyPackage } from '@lablive/verify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const SESSION = 'LabLive demo session';
const FIRST = 'First question about the dosage';
const SECOND = 'Thank you, that is clear';

describe.runIf(skipReason === null)(`statistics and replay${skipReason ? ` (${skipReason})` : ''}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function person(): Promise<Page> {
    const page = await personAtBrowser(browser);
    contexts.push(page.context());
    return page;
  }

  async function check(page: Page, name: string) {
    await page.screenshot({ path: path.join(ARTIFACTS, `statistics-${name}.png`), fullPage: true });
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

  it('finds a session just run in Statistics, with who came, and replays its chat at a chosen instant', async () => {
    const event = await database.db
      .selectFrom('events')
      .select(['id', 'slug'])
      .where('name', '=', SESSION)
      .executeTakeFirstOrThrow();

    // A guest through the public link, placed in a room; the animator joins that room and starts.
    const guest = await person();
    const animator = await person();
    const roomId = await startDemoSession(server.url, event, guest, animator, {
      firstName: 'Gina',
      lastName: 'Guest',
      email: 'gina@example.org',
    });

    // Two messages a few seconds apart; the guest's page reloads in between (a reconnection).
    await sayInChat(guest, FIRST);
    await guest.waitForTimeout(3000);
    await guest.reload();
    await guest.getByTestId('room-page').waitFor(WAIT);
    await guest.waitForTimeout(1500);
    await sayInChat(animator, SECOND);
    // The live stats tab shows both people from the same statistics.
    await animator.getByTestId('tab-stats').click();
    await expect
      .poll(() => animator.getByTestId('stats-attendance').locator('tbody tr').count(), WAIT)
      .toBe(2);

    // The admin closes the event: the session ends in the room.
    const admin = await person();
    await closeEventAsAdmin(admin, server.url, event.id);

    // Statistics lists it, with its two people.
    await admin.goto(`${server.url}/admin/stats`);
    const closed = admin.getByTestId('stats-closed-link').filter({ hasText: SESSION });
    await closed.waitFor(WAIT);
    await admin.getByTestId('stats-totals').waitFor(WAIT);
    await check(admin, 'stats');

    // Its detail: who attended, merged over the guest's reload (one stay each).
    await closed.click();
    await admin.getByTestId('stats-detail').waitFor(WAIT);
    await expect
      .poll(
        () =>
          admin
            .getByTestId('stats-person')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name'))),
        WAIT,
      )
      .toEqual(expect.arrayContaining(['Gina Guest', 'Anatole Animateur']));
    await check(admin, 'session-detail');

    // The room's log, signed for an inspector: saved under the server's name, holding the chat (sealed), and
    // verified by the real lablive-verify with the key the page shows.
    const shownKey = admin.getByTestId('stats-inspector-note').getByTestId('ledger-key');
    await shownKey.waitFor(WAIT);
    const key = ((await shownKey.textContent()) ?? '').trim();
    const [download] = await Promise.all([
      admin.waitForEvent('download', WAIT),
      admin.getByTestId(`stats-signed-log-${roomId}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`room-${roomId}-log.jsonl`);
    const folder = await mkdtemp(path.join(tmpdir(), 'lablive-room-log-'));
    try {
      const file = path.join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const [header = ''] = (await readFile(file, 'utf8')).split('\n');
      expect(JSON.parse(header)).toMatchObject({ format: 'lablive-export/1', kind: 'session' });
      // Its chat as stored: sealed (erasable by deleting its key), never in clear in a signed log.
      const body = await readFile(file, 'utf8');
      expect(body).toContain('ChatMessageSent');
      expect(body).toContain('"text":"pd1:');
      expect(body).not.toContain(FIRST);
      const result = await verifyPackage(file, { trustedKey: key });
      expect(result.problem).toBeNull();
      expect(result.verified).toBe(true);
      expect(result.events).toBeGreaterThan(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    // Its replay, at an instant between the two messages: the first is there, the second not yet, and
    // both people are in the room.
    await admin.getByTestId(`stats-replay-${roomId}`).click();
    await admin.getByTestId('replay-room').waitFor(WAIT);
    const sent = await database.db
      .selectFrom('session_events')
      .select(['data'])
      .where('stream_id', '=', `room-${roomId}`)
      .where('type', '=', 'ChatMessageSent')
      .orderBy('stream_version')
      .execute();
    const instants = sent.map((row) => Date.parse((row.data as { at: string }).at));
    expect(instants).toHaveLength(2);
    // 1.5 s after the first message: both in the room, the guest's reload still to come.
    const between = (instants[0] ?? 0) + 1500;
    await admin.getByTestId('replay-scrubber').evaluate((input, value) => {
      const element = input as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(element, String(value));
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }, between);
    await expect
      .poll(() => admin.getByTestId('replay-message').allTextContents(), WAIT)
      .toEqual([expect.stringContaining(FIRST)]);
    expect(await admin.getByTestId('replay-person').count()).toBe(2);

    // The replay downloads the room's signed log too, under the server's name, with how to check it.
    await admin.getByTestId('replay-inspector-note').getByTestId('ledger-key').waitFor(WAIT);
    const [replayDownload] = await Promise.all([
      admin.waitForEvent('download', WAIT),
      admin.getByTestId('replay-signed-log').click(),
    ]);
    expect(replayDownload.suggestedFilename()).toBe(`room-${roomId}-log.jsonl`);
    const [replayHeader = ''] = (await readFile(await replayDownload.path(), 'utf8')).split('\n');
    expect(replayHeader).toContain('"format":"lablive-export/1"');
    expect(JSON.parse(replayHeader)).toMatchObject({ kind: 'session' });
    await expect.poll(() => admin.getByTestId('replay-signed-log').isEnabled(), WAIT).toBe(true);
    await check(admin, 'replay');

    // At the end of the stream, both messages, and nobody left in the closed room.
    await admin.getByTestId('replay-marker').last().click();
    await expect
      .poll(() => admin.getByTestId('replay-message').allTextContents(), WAIT)
      .toEqual([expect.stringContaining(FIRST), expect.stringContaining(SECOND)]);
  });
});
