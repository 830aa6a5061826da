// The room of the chaos scenario `network`: the real server (a process, on the built web app, with the
// demo data) on a fresh database, with JANUS_URL (the media server) or without (the browser mesh), a
// running public event with one room, and its animator on a clean network: signed in through the
// sign-in page of a clean Chromium, camera and microphone on, in the room. Guests come through the
// event's public link (guestCycles.ts). Removed by the cleanup registry whatever happens.
import { randomBytes } from 'node:crypto';
import { joinFromWaitingRoom, signInThroughPage } from '@lablive/testkit/browser';
import { createRunningEvent } from '@lablive/testkit/runningEvent';
import { startServerProcess } from '@lablive/testkit/serverProcess';
import type { Browser, Page } from 'playwright-core';
import { createBenchDatabase } from '../../bench/lib/benchDatabase.ts';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import type { BenchJanus } from '../../bench/video/janusProcess.ts';
import { notePeerConnections } from './watchedVideo.ts';

export type Webinar = { url: string; eventPath: string; animator: Page; stop(): Promise<void> };

const ROOM_WAIT = { timeout: 30_000 };

async function turnOn(page: Page, testId: string): Promise<void> {
  const toggle = page.locator(`[data-testid="${testId}"]:enabled`);
  await toggle.waitFor(ROOM_WAIT);
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
}

/** The animator into the room with camera and microphone on, from the events page. */
async function animatorJoins(browser: Browser, url: string, eventId: number): Promise<Page> {
  const context = await browser.newContext({ locale: 'en', permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await notePeerConnections(page);
  await page.addInitScript(
    "localStorage.setItem('lablive.locale', 'en'); localStorage.setItem('lablive.debug', '1');",
  );
  await signInThroughPage(page, url, 'animator@lablive.test');
  await page.getByTestId(`event-${eventId}`).getByTestId('event-join').click(ROOM_WAIT);
  await page.getByTestId('waiting-join').waitFor(ROOM_WAIT);
  for (const toggle of ['waiting-toggle-video', 'waiting-toggle-audio']) await turnOn(page, toggle);
  await joinFromWaitingRoom(page);
  return page;
}

export async function startWebinar(
  label: string,
  janus: BenchJanus | null,
  clean: Browser,
): Promise<Webinar> {
  const database = await createBenchDatabase(`chaos_network_${label.toLowerCase()}`);
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    ...(janus
      ? { JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey }
      : {}),
  });
  const stopServer = onCleanup(`stop the chaos network server (${label})`, () => server.stop());
  const stop = async () => {
    await stopServer();
    await database.drop();
  };
  try {
    const event = await createRunningEvent(database.db, {
      name: `Chaos webinar (${label})`,
      slugPrefix: `chaos-network-${label}`,
      isPublic: true,
      roomName: 'Webinar room',
    });
    const animator = await animatorJoins(clean, server.url, event.eventId);
    return { url: server.url, eventPath: `/${event.slug}`, animator, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
