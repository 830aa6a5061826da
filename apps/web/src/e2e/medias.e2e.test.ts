// A media from the back office to the room's stage (issue 17, part 7), in the system Chromium against
// the real server process: the lab's admin uploads the example build (a zip, its Build/ asset
// brotli-compressed) through the media form; the demo event shows it; in the live room its sandboxed
// frame loads it (the .br asset decoded by the browser), reports its load over postMessage, and follows
// the animator's presentation scene and step. axe-core runs on the medias pages.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  exampleMediaBuildZip,
  launchChromium,
  type ServerProcess,
  signInThroughPage,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const MEDIA = 'Cardio quiz';

describe.runIf(skipReason === null)(
  `a media from the back office to the stage${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    let zipFile: string;
    const contexts: BrowserContext[] = [];

    async function signedIn(email: string): Promise<Page> {
      const context = await browser.newContext({
        locale: 'en',
        viewport: { width: 1280, height: 800 },
        permissions: ['camera', 'microphone'],
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      await signInThroughPage(page, server.url, email);
      await page.waitForURL('**/admin/events', WAIT);
      return page;
    }

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      zipFile = path.join(await mkdtemp(path.join(tmpdir(), 'lablive-media-')), 'cardio-quiz.zip');
      await writeFile(zipFile, await exampleMediaBuildZip({ topFolder: 'Cardio quiz' }));
      database = await createTestDatabase({ migrate: false });
      server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
        // A build of the web app of one's own, when the shared dist/ is being rebuilt by others.
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      });
      browser = await launchChromium();
    });

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it('uploads a build that the room shows on its stage, loaded and led by the animator', async () => {
      const admin = await signedIn('admin@lablive.test');
      await admin.getByTestId('nav-medias').click();
      await admin.getByTestId('medias').waitFor(WAIT);
      expect(await accessibilityViolations(admin), 'medias page').toEqual([]);
      await admin.getByTestId('add-media').click();
      await admin.getByTestId('media-form-name').fill(MEDIA);
      expect(await admin.getByTestId('media-form-slug').inputValue()).toBe('cardio-quiz');
      await admin.getByTestId('media-form-build').setInputFiles(zipFile);
      expect(await accessibilityViolations(admin), 'media form').toEqual([]);
      await admin.getByTestId('media-form-save').click();
      await admin.getByTestId('media-saved').waitFor(WAIT);
      const row = admin.getByRole('row', { name: new RegExp(MEDIA) });
      await expect.poll(() => row.getByTestId('media-kind').textContent(), WAIT).toContain('4 files');

      // The demo event shows it on its stage.
      const media = await database.db
        .selectFrom('medias')
        .select(['id', 'build_path'])
        .where('slug', '=', 'cardio-quiz')
        .executeTakeFirstOrThrow();
      expect(media.build_path).toMatch(/^\/media-builds\/\d+\/[0-9a-f]{32}\/index\.html$/);
      await database.db.updateTable('event_medias').set({ media_id: media.id }).execute();

      const animator = await signedIn('animator@lablive.test');
      const select = animator.getByTestId('event-room-select').first();
      await select.waitFor(WAIT);
      await select.selectOption({ index: 1 });
      await animator.getByTestId('event-join').first().click();
      const join = animator.getByTestId('waiting-join');
      await join.waitFor(WAIT);
      await expect.poll(() => join.isEnabled(), WAIT).toBe(true);
      await join.click();
      await animator.getByTestId('room-page').waitFor(WAIT);

      const stage = animator.getByTestId('stage-embedded');
      await stage.waitFor(WAIT);
      // A build of the room's own server runs without allow-same-origin: in an opaque origin.
      expect(await stage.getAttribute('sandbox')).toBe(
        'allow-scripts allow-forms allow-popups allow-pointer-lock',
      );
      expect(await stage.getAttribute('src')).toBe(media.build_path);
      // Its reports end the loading: 100 % once its brotli asset is read, then ready.
      await expect.poll(() => animator.locator('.game-stage').getAttribute('data-phase'), WAIT).toBe('ready');
      const frame = animator.frameLocator('[data-testid="stage-embedded"]');
      await expect.poll(() => frame.locator('#progress').textContent(), WAIT).toBe('100 %');
      await expect.poll(() => frame.locator('#title').textContent(), WAIT).toBe('Welcome');
      expect(await frame.locator('#role').textContent()).toBe('Player');

      // The animator leads: the frame is told the scene and the step.
      await animator.getByTestId('room-presentation-menu').click();
      await animator.getByTestId('presentation-scene-quiz').click();
      await expect.poll(() => frame.locator('#scene').textContent(), WAIT).toBe('quiz');
      await animator.keyboard.press('Escape');
      await animator.getByTestId('room-presentation-menu').click();
      await animator.getByTestId('presentation-next').click();
      await animator.keyboard.press('Escape');
      await expect.poll(() => frame.locator('#title').textContent(), WAIT).toBe('Question 2');
      expect(await frame.locator('#step').textContent()).toBe('2');
      await animator.screenshot({ path: path.join(ARTIFACTS, 'medias-room-e2e.png') });
    });
  },
);
