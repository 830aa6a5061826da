// Measures the live room in the browser (issue 4's performance figures): the time from clicking Join
// in the waiting room to the first decoded frame of a remote camera, and the JavaScript the room route
// loads, gzipped. Runs the built app on a fresh database in the system Chromium with a fake camera.
//   node --experimental-strip-types scripts/measure-web.ts [runs]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { launchChromium } from '../packages/testkit/src/browser.ts';
import { startServerProcess } from '../packages/testkit/src/serverProcess.ts';

const RUNS = Number(process.argv[2] ?? 8);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

export type WebFigures = {
  joinToFirstFrameMs: number[];
  roomRouteJsGzipBytes: number;
  roomRouteFiles: string[];
};

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

export async function measureWeb(runs = RUNS): Promise<WebFigures> {
  const name = `lablive_measure_web_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const server = await startServerProcess({
    DATABASE_URL: url.toString(),
    SEED_DEMO_DATA: 'true',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ACCESS_TOKEN_SECRET: 'measure-web-access-token-secret-of-32-chars',
  });
  const browser = await launchChromium();
  const scripts = new Set<string>();
  try {
    const enter = async (label: string): Promise<Page> => {
      const context = await browser.newContext({ locale: 'en', permissions: ['camera', 'microphone'] });
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.localStorage.setItem('lablive.locale', 'en');
        window.localStorage.setItem('lablive.debug', '1');
      });
      page.on('response', (response) => {
        const asset = new URL(response.url()).pathname;
        if (asset.endsWith('.js')) scripts.add(asset);
      });
      await page.goto(`${server.url}/lablive-demo-session-1`);
      await page.getByTestId('entry-first-name').fill(label);
      await page.getByTestId('entry-last-name').fill('Measure');
      await page.getByTestId('entry-email').fill(`${label.toLowerCase()}-${Date.now()}@example.org`);
      await page.getByTestId('entry-submit').click();
      await page.getByTestId('event-join').click();
      await page.getByTestId('waiting-join').waitFor();
      for (const toggle of ['waiting-toggle-video', 'waiting-toggle-audio']) {
        const button = page.getByTestId(toggle);
        while (!(await button.isEnabled())) await page.waitForTimeout(50);
        if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      }
      await page.getByTestId('waiting-preview').waitFor();
      return page;
    };
    const host = await enter('Host');
    await host.getByTestId('waiting-join').click();
    await host.getByTestId('room-page').waitFor();
    const joinTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const guest = await enter(`Guest${run}`);
      // The automatic distribution may place the guest elsewhere: measure only a shared room.
      if (new URL(guest.url()).pathname !== new URL(host.url()).pathname.replace('/room/', '/waiting/')) {
        await guest.context().close();
        continue;
      }
      const elapsed = await guest.evaluate(async () => {
        const join = document.querySelector<HTMLButtonElement>('[data-testid="waiting-join"]');
        const start = performance.now();
        join?.click();
        for (;;) {
          const frames = await window.lablive?.media?.inboundVideoFrames();
          if (frames && [...frames.values()].some((count) => count > 0)) return performance.now() - start;
          if (performance.now() - start > 30_000) return Number.NaN;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      joinTimes.push(Math.round(elapsed));
      await guest.getByTestId('room-leave').click();
      await guest.getByTestId('room-leave-confirm').click();
      await guest.context().close();
    }
    let gzipBytes = 0;
    for (const script of scripts) gzipBytes += gzipSync(await readFile(path.join(DIST, script))).byteLength;
    return {
      joinToFirstFrameMs: joinTimes,
      roomRouteJsGzipBytes: gzipBytes,
      roomRouteFiles: [...scripts].sort(),
    };
  } finally {
    await browser.close();
    await server.stop();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (import.meta.main) {
  const figures = await measureWeb();
  const sorted = [...figures.joinToFirstFrameMs].sort((a, b) => a - b);
  console.log(JSON.stringify({ ...figures, medianJoinMs: sorted[Math.floor(sorted.length / 2)] }, null, 2));
}
