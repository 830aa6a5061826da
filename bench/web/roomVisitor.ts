// One person of the browser benchmark, in their own browser context (as a separate browser would be):
// enters the demo event by its public link as a guest, turns camera and microphone on in the waiting
// room, then either joins (a host, waiting in a room) or is timed from the Join click to the first
// decoded frame of a remote camera. Every script the pages load is noted, for the route's weight.
import type { Browser, Page } from 'playwright-core';

/** The demo data's public event (apps/server's seed), with two rooms. */
const DEMO_EVENT_PATH = '/lablive-demo-session-1';
/** A join with no remote frame by then counts as failed. */
const FIRST_FRAME_TIMEOUT_MS = 30_000;

type InPage = {
  document: { querySelector(selector: string): { click(): void } | null };
  lablive?: { media: { inboundVideoFrames(): Promise<ReadonlyMap<number, number>> } | null };
};

export type Visitor = {
  page: Page;
  /** The room the automatic distribution gave this person. */
  roomId: number;
  /** Joins and waits for the room's screen (a host). */
  join(): Promise<void>;
  /** Clicks Join and returns the milliseconds to the first decoded remote frame, or null past the timeout. */
  timeJoin(): Promise<number | null>;
  leave(): Promise<void>;
  close(): Promise<void>;
};

const GUEST_CONTEXT = { locale: 'en', permissions: ['camera', 'microphone'] };

/**
 * Where a guest goes and how: the event's public path (the demo event by default), camera and
 * microphone on (the default) or left off as the waiting room starts them (a guest who watches), and
 * what to prepare in the page before its first load (e.g. an init script).
 */
export type VisitOptions = {
  eventPath?: string;
  devicesOn?: boolean;
  prepare?: (page: Page) => Promise<void>;
};

/**
 * The guest's way in: the public link, the entry form, the event page, the waiting room with camera and
 * microphone on (unless `devicesOn` is false), until Join is enabled (the devices and the room's
 * participation both ready).
 */
async function walkToWaitingRoom(
  page: Page,
  baseUrl: string,
  label: string,
  email: string,
  options: VisitOptions = {},
): Promise<void> {
  // Exposes the media session's decoded-frame counts (apps/web/src/room/session/debugHandle.ts).
  await page.addInitScript(
    "localStorage.setItem('lablive.locale', 'en'); localStorage.setItem('lablive.debug', '1');",
  );
  await options.prepare?.(page);
  await page.goto(`${baseUrl}${options.eventPath ?? DEMO_EVENT_PATH}`);
  await page.getByTestId('entry-first-name').fill(label);
  await page.getByTestId('entry-last-name').fill('Bench');
  await page.getByTestId('entry-email').fill(email);
  await page.getByTestId('entry-submit').click();
  await page.getByTestId('event-join').click();
  await page.getByTestId('waiting-join').waitFor();
  const enabled = (testId: string) => page.locator(`[data-testid="${testId}"]:enabled`);
  if (options.devicesOn ?? true) {
    for (const toggle of ['waiting-toggle-video', 'waiting-toggle-audio']) {
      await enabled(toggle).waitFor();
      if ((await enabled(toggle).getAttribute('aria-pressed')) !== 'true') await enabled(toggle).click();
    }
    await page.getByTestId('waiting-preview').waitFor();
  }
  await enabled('waiting-join').waitFor();
}

/**
 * The bytes a guest's browser downloads over HTTP (headers and bodies as sent, compressed) on the way
 * from the public link into the live room: once with an empty cache, then again in a new tab of the
 * same browser, as when the guest comes back to the next session. Media and socket frames are not HTTP
 * and not counted.
 */
export async function visitBytes(
  browser: Browser,
  baseUrl: string,
): Promise<{ first: number; second: number }> {
  const context = await browser.newContext(GUEST_CONTEXT);
  const email = `returning-${Date.now()}@example.org`;
  try {
    const visit = async () => {
      const page = await context.newPage();
      const network = await context.newCDPSession(page);
      let bytes = 0;
      network.on('Network.loadingFinished', (event) => {
        bytes += event.encodedDataLength;
      });
      await network.send('Network.enable');
      await walkToWaitingRoom(page, baseUrl, 'Returning', email);
      await page.getByTestId('waiting-join').click();
      await page.getByTestId('room-page').waitFor();
      await page.waitForLoadState('networkidle');
      await page.close();
      return bytes;
    };
    const first = await visit();
    const second = await visit();
    return { first, second };
  } finally {
    await context.close();
  }
}

export async function enterWaitingRoom(
  browser: Browser,
  baseUrl: string,
  label: string,
  scripts: Set<string>,
  options: VisitOptions = {},
): Promise<Visitor> {
  const context = await browser.newContext(GUEST_CONTEXT);
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const asset = new URL(response.url()).pathname;
      if (asset.endsWith('.js')) scripts.add(asset);
    });
    await walkToWaitingRoom(
      page,
      baseUrl,
      label,
      `${label.toLowerCase()}-${Date.now()}@example.org`,
      options,
    );
    const roomId = Number(new URL(page.url()).pathname.split('/').at(-1));
    return {
      page,
      roomId,
      async join() {
        await page.getByTestId('waiting-join').click();
        await page.getByTestId('room-page').waitFor();
      },
      async timeJoin() {
        // Clicked and timed inside the page: no round trip to the driver in the measured time.
        const elapsed = await page.evaluate(async (timeoutMs) => {
          // The page's globals, as far as this function uses them (the benchmark compiles without the DOM).
          const inPage = globalThis as unknown as InPage;
          const join = inPage.document.querySelector('[data-testid="waiting-join"]');
          if (join === null) throw new Error('no Join button');
          const start = performance.now();
          join.click();
          for (;;) {
            const frames = await inPage.lablive?.media?.inboundVideoFrames();
            if (frames && [...frames.values()].some((count) => count > 0)) return performance.now() - start;
            if (performance.now() - start > timeoutMs) return null;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }, FIRST_FRAME_TIMEOUT_MS);
        return elapsed === null ? null : Math.round(elapsed);
      },
      async leave() {
        await page.getByTestId('room-leave').click();
        await page.getByTestId('room-leave-confirm').click();
        await page.waitForURL((url) => !url.pathname.startsWith('/room/'));
      },
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
