// Where the browser mesh ends: in a room without a media server, staff see a notice once more people
// are in the room than the mesh carries (MESH_PARTICIPANT_LIMIT, measured); guests do not; screenshots
// at desktop and 390 px. The other people are bare room sockets (presence is what counts, not video).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MESH_PARTICIPANT_LIMIT } from '@lablive/domain';
import {
  accessibilityViolations,
  browserSkipReason,
  createRunningEvent,
  createTestDatabase,
  joinTestRoom,
  launchChromium,
  type ServerProcess,
  signInInvited,
  startServerProcess,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 30_000 };

describe.runIf(skipReason === null)(`the mesh's limit${skipReason ? ` (${skipReason})` : ''}`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let browser: Browser;
  let eventId = 0;
  let roomId = 0;
  let labId = 0;
  const sockets: TestSocket[] = [];

  async function animatorPage(viewport: { width: number; height: number }, locale = 'en'): Promise<Page> {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    await page.addInitScript((language) => window.localStorage.setItem('lablive.locale', language), locale);
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill('animator@lablive.test');
    await page.getByTestId('login-password').fill('demo-lablive');
    await page.getByTestId('login-submit').click();
    await page.getByTestId(`event-${eventId}`).getByTestId('event-join').click();
    await page.getByTestId('waiting-join').click(WAIT);
    await page.getByTestId('room-page').waitFor(WAIT);
    return page;
  }

  async function guestSocket(index: number): Promise<void> {
    const guest = await signInInvited(database.db, server.url, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: `mesh${index}@example.org`,
      name: `Mesh Guest ${index}`,
    });
    sockets.push(await joinTestRoom(`${server.url.replace('http', 'ws')}/ws`, guest.token, roomId));
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
    ({ labId, eventId, roomId } = await createRunningEvent(database.db, {
      name: 'E2E mesh limit',
      slugPrefix: 'e2e-mesh-limit',
      isPublic: false,
      roomName: 'Big room',
    }));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('shows staff a notice once the room holds more people than the mesh carries', async () => {
    const desktop = await animatorPage({ width: 1280, height: 800 });
    // The animator and limit - 1 guests: the limit itself, no notice.
    for (let index = 1; index < MESH_PARTICIPANT_LIMIT; index++) await guestSocket(index);
    await expect
      .poll(
        async () => (await desktop.locator('[data-testid^="viewer-"]').count()) >= MESH_PARTICIPANT_LIMIT,
        WAIT,
      )
      .toBe(true);
    expect(await desktop.getByTestId('room-mesh-limit').count()).toBe(0);

    await guestSocket(MESH_PARTICIPANT_LIMIT);
    const notice = desktop.getByTestId('room-mesh-limit');
    await notice.waitFor(WAIT);
    expect(await notice.textContent()).toMatch(
      new RegExp(`${MESH_PARTICIPANT_LIMIT + 1}.*${MESH_PARTICIPANT_LIMIT}`),
    );
    expect(await accessibilityViolations(desktop), 'room with the mesh notice').toEqual([]);
    await desktop.screenshot({ path: path.join(ARTIFACTS, 'mesh-limit-desktop.png') });

    // A phone in German: the notice in the reader's language.
    const phone = await animatorPage({ width: 390, height: 844 }, 'de');
    await phone.getByTestId('room-mesh-limit').waitFor(WAIT);
    expect(await phone.getByTestId('room-mesh-limit').textContent()).toMatch(/Medienserver/);
    expect(await accessibilityViolations(phone), 'room with the mesh notice at 390 px').toEqual([]);
    await phone.screenshot({ path: path.join(ARTIFACTS, 'mesh-limit-phone.png') });
  });
});
