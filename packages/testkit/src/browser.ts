// The system Chromium driven by playwright-core (never a downloaded browser). On CI the browser suite
// must run, so a missing Chromium fails there; elsewhere the suite is skipped and says why.
import { existsSync } from 'node:fs';
import { DEMO_PASSWORD } from '@lablive/server/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { acceptEntryConsents } from './consents.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser suite cannot run here, or null when it can. Throws on CI, where it must run. */
export function browserSkipReason(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  const reason = `skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI)
    throw new Error(`The browser suite must run on CI, but there is ${reason.replace('skipped: ', '')}`);
  return reason;
}

/**
 * `signals`: Playwright's own Ctrl-C handling (close the browser, then exit at once), on by default.
 * A caller with its own cleanup on signals (the benchmarks) turns it off: Playwright's exit would cut
 * that cleanup short. `args`: more switches; `executablePath`: a wrapper that starts the system
 * Chromium in other conditions (the chaos scenario's browser behind a bad network).
 */
export function launchChromium(
  options: { signals?: boolean; args?: readonly string[]; executablePath?: string } = {},
): Promise<Browser> {
  const signals = options.signals ?? true;
  return chromium.launch({
    handleSIGINT: signals,
    handleSIGTERM: signals,
    handleSIGHUP: signals,
    executablePath: options.executablePath ?? CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(options.args ?? []),
    ],
  });
}

/**
 * A demo account (seeded with SEED_DEMO_DATA) signed in through the sign-in page, as a person would, in
 * a page the test has prepared (its context, its language).
 */
export async function signInThroughPage(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.goto(`${serverUrl}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
}

const ROOM_WAIT = { timeout: 20_000 };

/** Presses the waiting room's Join once the devices are ready (the button enabled). */
export async function pressJoin(page: Page): Promise<void> {
  const button = page.getByTestId('waiting-join');
  await button.waitFor(ROOM_WAIT);
  const deadline = Date.now() + ROOM_WAIT.timeout;
  while (!(await button.isEnabled())) {
    if (Date.now() > deadline) throw new Error('the waiting room never enabled Join');
    await page.waitForTimeout(200);
  }
  await button.click();
}

/** From the waiting room into the room, once the devices are ready (the Join button enabled). */
export async function joinFromWaitingRoom(page: Page): Promise<void> {
  await pressJoin(page);
  await page.getByTestId('room-page').waitFor(ROOM_WAIT);
}

/**
 * A guest through an event's public link (the entry form), placed in a room by the event and brought
 * into it; returns the room's id.
 */
export async function enterAsPublicGuest(
  page: Page,
  serverUrl: string,
  slug: string,
  guest: { firstName: string; lastName: string; email: string },
): Promise<number> {
  await reachWaitingRoomAsPublicGuest(page, serverUrl, slug, guest);
  await joinFromWaitingRoom(page);
  return Number(/\/room\/(\d+)/.exec(page.url())?.[1]);
}

/** A guest through an event's public link (the entry form), as far as their room's waiting room. */
export async function reachWaitingRoomAsPublicGuest(
  page: Page,
  serverUrl: string,
  slug: string,
  guest: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await page.goto(`${serverUrl}/${slug}`);
  await page.getByTestId('entry-first-name').fill(guest.firstName);
  await page.getByTestId('entry-last-name').fill(guest.lastName);
  await page.getByTestId('entry-email').fill(guest.email);
  // The lab's required consents, if it asks any (issue 33).
  await acceptEntryConsents(page);
  await page.getByTestId('entry-submit').click();
  await page.getByTestId('event-join').click();
  await page.getByTestId('waiting-room').waitFor(ROOM_WAIT);
}

/**
 * A person at their own browser window (a context of its own: storage, camera and microphone allowed),
 * in English unless said otherwise; closing `browser` closes it.
 */
export async function personAtBrowser(
  browser: Browser,
  options: { width?: number; locale?: 'en' | 'fr' | 'de' } = {},
): Promise<Page> {
  const locale = options.locale ?? 'en';
  const context = await browser.newContext({
    locale,
    viewport: { width: options.width ?? 1280, height: 800 },
    permissions: ['camera', 'microphone'],
  });
  const page = await context.newPage();
  // Runs in the page (no DOM types here): the app reads its language from there first.
  await page.addInitScript((chosen) => {
    const { localStorage } = globalThis as unknown as {
      localStorage: { setItem(key: string, value: string): void };
    };
    localStorage.setItem('lablive.locale', chosen);
  }, locale);
  return page;
}

/** Writes `text` in the room's chat and waits until it shows. */
export async function sayInChat(page: Page, text: string): Promise<void> {
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('chat-input').fill(text);
  await page.keyboard.press('Enter');
  await page.getByText(text).first().waitFor(ROOM_WAIT);
}

/**
 * A session of an event of the demo data (SEED_DEMO_DATA): a guest through its public link, placed in a
 * room, and the demo animator joining that room from the events page and starting the session. Returns
 * the room's id.
 */
export async function startDemoSession(
  serverUrl: string,
  event: { id: number; slug: string },
  guestPage: Page,
  animatorPage: Page,
  guest: { firstName: string; lastName: string; email: string },
): Promise<number> {
  const roomId = await enterAsPublicGuest(guestPage, serverUrl, event.slug, guest);
  await startSessionAsStaff(animatorPage, serverUrl, 'animator@lablive.test', event.id, roomId);
  return roomId;
}

/** A demo staff account signs in, picks the room of the running event on the events page and starts it. */
export async function startSessionAsStaff(
  page: Page,
  serverUrl: string,
  email: string,
  eventId: number,
  roomId: number,
): Promise<void> {
  await signInThroughPage(page, serverUrl, email);
  await page.waitForURL('**/admin/events', ROOM_WAIT);
  const card = page.getByTestId(`event-${eventId}`);
  await card.waitFor(ROOM_WAIT);
  await card.getByTestId('event-room-select').selectOption(String(roomId));
  await card.getByTestId('event-join').click();
  await joinFromWaitingRoom(page);
  await page.getByTestId('room-start-session').click();
  await page.getByTestId('room-end-session').waitFor(ROOM_WAIT);
}

/** The demo admin signed in, closing a running event from the events page (its sessions end). */
export async function closeEventAsAdmin(adminPage: Page, serverUrl: string, eventId: number): Promise<void> {
  await signInThroughPage(adminPage, serverUrl, 'admin@lablive.test');
  await adminPage.waitForURL('**/admin/events', ROOM_WAIT);
  const running = adminPage.getByTestId('events-current').getByTestId(`event-${eventId}`);
  await running.getByTestId('event-close').click();
  await adminPage.getByTestId('confirm-close-confirm').click();
  await adminPage.getByTestId('events-closed').getByTestId(`event-${eventId}`).waitFor(ROOM_WAIT);
}
