// The live room as its people use it, in the system Chromium with a fake camera and microphone: an
// animator (signed in) and two guests (public link) in one room, each in their own browser context.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  launchChromium,
  type ServerProcess,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };

describe.runIf(skipReason === null)(
  `the live room in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    let slug = '';
    const contexts: BrowserContext[] = [];
    let animator: Page;
    let guestA: Page;
    let guestB: Page;
    const ids = { animator: 0, guestA: 0, guestB: 0 };

    async function person(locale = 'en'): Promise<Page> {
      const context = await browser.newContext({
        locale,
        permissions: ['camera', 'microphone'],
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript((language) => {
        if (!window.localStorage.getItem('lablive.locale'))
          window.localStorage.setItem('lablive.locale', language);
        window.localStorage.setItem('lablive.debug', '1');
      }, locale);
      return page;
    }

    /** Polls `check` until it holds (expect.poll is for tests only; this also serves the setup). */
    async function until(check: () => Promise<boolean>, what: string) {
      for (const started = Date.now(); !(await check()); ) {
        if (Date.now() - started > WAIT.timeout) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, WAIT.interval));
      }
    }

    /** From the waiting room: camera and microphone on, then Join. */
    async function joinFromWaitingRoom(page: Page, screenshot?: string) {
      await page.getByTestId('waiting-join').waitFor(WAIT);
      for (const toggle of ['waiting-toggle-video', 'waiting-toggle-audio']) {
        const button = page.getByTestId(toggle);
        await until(() => button.isEnabled(), `${toggle} to be enabled`);
        if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
        await until(async () => (await button.getAttribute('aria-pressed')) === 'true', `${toggle} on`);
      }
      if (screenshot) await page.screenshot({ path: path.join(ARTIFACTS, screenshot) });
      expect(await accessibilityViolations(page), 'waiting room').toEqual([]);
      await page.getByTestId('waiting-join').click();
      await page.getByTestId('room-page').waitFor(WAIT);
    }

    async function enterAsGuest(page: Page, firstName: string, email: string) {
      await page.goto(`${server.url}/${slug}`);
      await page.getByTestId('entry-first-name').waitFor(WAIT);
      expect(await accessibilityViolations(page), 'entry page').toEqual([]);
      await page.getByTestId('entry-first-name').fill(firstName);
      await page.getByTestId('entry-last-name').fill('Guest');
      await page.getByTestId('entry-email').fill(email);
      await page.getByTestId('entry-submit').click();
      await page.getByTestId('event-join').click();
    }

    async function myId(page: Page): Promise<number> {
      await page.getByTestId('tab-users').click();
      const me = page.locator('[data-testid^="viewer-"][data-me="true"]');
      await me.waitFor(WAIT);
      return Number((await me.getAttribute('data-testid'))?.replace('viewer-', ''));
    }

    const chatTexts = (page: Page) =>
      page
        .getByTestId('chat-message')
        .evaluateAll((items) =>
          items.map((item) => item.querySelector('p, .chat-text')?.textContent ?? item.textContent ?? ''),
        );

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      database = await createTestDatabase({ migrate: false });
      server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
      });
      // One public event with one room, so that the automatic distribution puts both guests together.
      const lab = await database.db.selectFrom('labs').select('id').executeTakeFirstOrThrow();
      // The animator's only role is user: they see (and run) the events they own.
      const owner = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'animator@lablive.test')
        .executeTakeFirstOrThrow();
      const media = await database.db
        .selectFrom('medias')
        .select('id')
        .where('slug', '=', 'demo')
        .executeTakeFirstOrThrow();
      const event = await database.db
        .insertInto('events')
        .values({
          lab_id: lab.id,
          owner_id: owner.id,
          name: 'E2E live room',
          slug: `pending-${Date.now()}`,
          is_public: true,
          active: true,
          planned_start_date: new Date(),
          planned_end_date: new Date(Date.now() + 3600_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      slug = `e2e-live-room-${event.id}`;
      await database.db.updateTable('events').set({ slug }).where('id', '=', event.id).execute();
      await database.db
        .insertInto('event_medias')
        .values({ event_id: event.id, media_id: media.id, position: 0 })
        .execute();
      await database.db
        .insertInto('rooms')
        .values({ event_id: event.id, lab_id: lab.id, name: 'Room 1', opentok_session_id: null })
        .execute();
      browser = await launchChromium();

      guestA = await person();
      await enterAsGuest(guestA, 'Alice', 'alice@example.org');
      await joinFromWaitingRoom(guestA, 'waiting-room.png');
      guestB = await person();
      await enterAsGuest(guestB, 'Bruno', 'bruno@example.org');
      await joinFromWaitingRoom(guestB);

      animator = await person();
      await animator.goto(`${server.url}/login`);
      await animator.getByTestId('login-email').fill('animator@lablive.test');
      await animator.getByTestId('login-password').fill('demo-lablive');
      await animator.getByTestId('login-submit').click();
      await animator
        .getByTestId(`event-${event.id}`)
        .waitFor(WAIT)
        .catch(async (error: unknown) => {
          await animator.screenshot({ path: path.join(ARTIFACTS, 'debug-admin.png'), fullPage: true });
          throw error;
        });
      await animator.getByTestId(`event-${event.id}`).getByTestId('event-join').click();
      await joinFromWaitingRoom(animator);
      ids.guestA = await myId(guestA);
      ids.guestB = await myId(guestB);
      ids.animator = await myId(animator);
    });
    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it("shows everyone the others' video: decoded frames of each remote camera grow", async () => {
      const frames = (page: Page) =>
        page.evaluate(async () =>
          Object.fromEntries((await window.lablive?.media?.inboundVideoFrames()) ?? new Map()),
        );
      for (const [page, others] of [
        [animator, [ids.guestA, ids.guestB]],
        [guestA, [ids.animator, ids.guestB]],
        [guestB, [ids.animator, ids.guestA]],
      ] as const) {
        const first = await frames(page);
        await expect
          .poll(async () => {
            const now = await frames(page);
            return others.every((id) => (now[id] ?? 0) > (first[id] ?? 0) && (now[id] ?? 0) > 10);
          }, WAIT)
          .toBe(true);
      }
      await animator.screenshot({ path: path.join(ARTIFACTS, 'live-room.png') });
      // The live room as each sees it: an animator's and a guest's.
      for (const page of [animator, guestA]) {
        expect(await accessibilityViolations(page), 'live room').toEqual([]);
      }
    });

    it('delivers chat in the same order to everyone', async () => {
      const say = async (page: Page, text: string) => {
        await page.getByTestId('tab-chat').click();
        await page.getByTestId('chat-input').fill(text);
        await page.getByTestId('chat-input').press('Enter');
      };
      await say(guestA, 'Bonjour from Alice');
      await say(animator, 'Welcome everyone');
      await say(guestB, 'Hello from Bruno');
      await say(guestA, '   ');
      for (const page of [animator, guestA, guestB]) {
        await page.getByTestId('tab-chat').click();
        await expect.poll(() => page.getByTestId('chat-message').count(), WAIT).toBe(3);
      }
      const orders = await Promise.all([animator, guestA, guestB].map(chatTexts));
      expect(orders[1]).toEqual(orders[0]);
      expect(orders[2]).toEqual(orders[0]);
      expect(
        orders[0]?.map(
          (text) => text.includes('Alice') || text.includes('Welcome') || text.includes('Bruno'),
        ),
      ).toEqual([true, true, true]);
    });

    it('runs a poll: the animator edits and starts it, the guests vote, the animator sees the counts and closes it', async () => {
      await animator.getByTestId('tab-polls').click();
      await animator.getByTestId('poll-question').fill('Which formulation do your patients prefer?');
      await animator.getByTestId('poll-option-0').fill('Tablets');
      await animator.getByTestId('poll-option-1').fill('Oral solution');
      await animator.getByTestId('poll-save').click();
      // Saved, not started: Edit opens the same form, prefilled, with the focus in it.
      await animator.locator('[data-status="draft"] [data-testid^="poll-edit-"]').first().click();
      const editQuestion = animator.locator('[data-testid$="-edit-question"]');
      expect(await editQuestion.inputValue()).toBe('Which formulation do your patients prefer?');
      const focused = () => animator.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      expect(await focused()).toMatch(/-edit-title$/);
      await editQuestion.fill('Which formulation do your patients prefer most?');
      await animator.locator('[data-testid$="-edit-option-1"]').fill('Syrup');
      await animator.locator('[data-testid$="-edit-save"]').press('Enter');
      await animator
        .locator('[data-status="draft"] .poll-card-title', { hasText: 'prefer most?' })
        .waitFor(WAIT);
      expect(await focused()).toMatch(/^poll-edit-/);
      await animator.locator('[data-status="draft"] [data-testid^="poll-start-"]').first().click();
      for (const [page, option] of [
        [guestA, 0],
        [guestB, 1],
      ] as const) {
        await page.getByTestId('tab-polls').click();
        await page.getByTestId(`poll-vote-option-${option}`).click();
        // The guests are asked the poll as edited.
        expect(await page.locator('.poll-choice').nth(1).textContent()).toBe('Syrup');
        await page.getByTestId('poll-vote-submit').click();
        await page.getByTestId('poll-voted').waitFor(WAIT);
      }
      const count = animator.locator('[data-testid^="poll-count-"]').first();
      await expect.poll(() => count.getAttribute('data-count'), WAIT).toBe('2');
      await animator.locator('[data-testid^="poll-close-"]').first().click();
      await expect
        .poll(() => animator.locator('[data-testid^="poll-"][data-status="closed"]').count(), WAIT)
        .toBeGreaterThan(0);
    });

    it('lets the animator mute a guest, whose microphone indicator turns off', async () => {
      const micOnGuest = guestA.getByTestId(`tile-mic-${ids.guestA}`);
      await expect.poll(() => micOnGuest.getAttribute('data-enabled'), WAIT).toBe('true');
      await animator.getByTestId('tab-users').click();
      await animator.getByTestId(`force-audio-${ids.guestA}`).click();
      await expect.poll(() => micOnGuest.getAttribute('data-enabled'), WAIT).toBe('false');
      await expect
        .poll(() => guestA.getByTestId('room-toggle-audio').getAttribute('aria-pressed'), WAIT)
        .toBe('false');
    });

    it("shares a document: the guests' counter increments", async () => {
      await animator.getByTestId('documents-open').click();
      await animator.locator('[data-testid^="document-share-"]').first().click();
      await animator.keyboard.press('Escape');
      for (const page of [guestA, guestB]) {
        await expect
          .poll(() => page.getByTestId('documents-counter').getAttribute('data-count'), WAIT)
          .toBe('1');
      }
    });

    it("collects everyone's notes and downloads them", async () => {
      for (const [page, text] of [
        [guestA, 'Alice: ask about dosage'],
        [guestB, 'Bruno: send the leaflet'],
      ] as const) {
        await page.getByTestId('tab-notes').click();
        await page.getByTestId('notes-input').fill(text);
        await page.getByTestId('notes-save').click();
      }
      await animator.getByTestId('tab-notes').click();
      await animator.getByTestId('notes-request').click();
      for (const page of [guestA, guestB]) {
        const submit = page.locator('[data-testid^="notes-submit-"]').first();
        await submit.waitFor(WAIT);
        await submit.click();
      }
      const submissions = animator.locator('[data-testid^="notes-submissions-"]').first();
      await expect.poll(() => submissions.getAttribute('data-count'), WAIT).toBe('2');
      const [download] = await Promise.all([
        animator.waitForEvent('download'),
        animator.locator('[data-testid^="notes-download-all-"]').first().click(),
      ]);
      const file = await download.path();
      const text = await readFile(file, 'utf8');
      expect(text).toContain('Alice: ask about dosage');
      expect(text).toContain('Bruno: send the leaflet');
    });

    it('brings a guest who reloads the page back into the room with the chat history', async () => {
      await guestB.reload();
      await guestB.getByTestId('room-page').waitFor(WAIT);
      await guestB.getByTestId('tab-chat').click();
      await expect.poll(() => guestB.getByTestId('chat-message').count(), WAIT).toBe(3);
    });

    it('opens the emoji grid, the audio-output menu and the leave confirmation on first use', async () => {
      const focused = () =>
        guestA.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
      // The emoji grid's code loads on the first click, and the grid opens at once.
      await guestA.getByTestId('tab-chat').click();
      await guestA.getByTestId('chat-input').fill('Thanks ');
      await guestA.getByTestId('chat-emoji').click();
      const grid = guestA.getByTestId('chat-emoji-grid');
      await grid.waitFor(WAIT);
      expect(await accessibilityViolations(guestA), 'emoji grid').toEqual([]);
      const emoji = (await grid.locator('button').first().textContent()) ?? '';
      await grid.locator('button').first().click();
      await expect.poll(() => guestA.getByTestId('chat-input').inputValue(), WAIT).toBe(`Thanks ${emoji}`);
      await expect.poll(focused, WAIT).toBe('chat-input');
      await guestA.getByTestId('chat-input').fill('');

      // The audio output: the browser's outputs as radio items; Escape gives the focus back.
      await guestA.getByTestId('room-audio-output').click();
      await expect.poll(() => guestA.getByRole('menuitemradio').count(), WAIT).toBeGreaterThan(0);
      expect(await accessibilityViolations(guestA), 'audio-output menu').toEqual([]);
      await guestA.keyboard.press('Escape');
      await expect.poll(() => guestA.getByRole('menuitemradio').count(), WAIT).toBe(0);
      await expect.poll(focused, WAIT).toBe('room-audio-output');

      // Leave asks first: the safe answer has the focus, Escape and Stay keep the guest in the room.
      await guestA.getByTestId('room-leave').click();
      const dialog = guestA.getByTestId('room-leave-dialog');
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
      expect(await guestA.getByRole('alertdialog').count()).toBe(1);
      await expect.poll(focused, WAIT).toBe('room-leave-cancel');
      expect(await accessibilityViolations(guestA), 'leave confirmation').toEqual([]);
      await guestA.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
      await expect.poll(focused, WAIT).toBe('room-leave');
      await guestA.getByTestId('room-leave').click();
      await guestA.getByTestId('room-leave-cancel').click();
      await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
      expect(await guestA.getByTestId('room-page').isVisible()).toBe(true);
    });

    it('refuses the same e-mail entering a second time', async () => {
      const page = await person('fr');
      await page.goto(`${server.url}/${slug}`);
      await page.getByTestId('entry-first-name').fill('Alice');
      await page.getByTestId('entry-last-name').fill('Again');
      await page.getByTestId('entry-email').fill('alice@example.org');
      await page.getByTestId('entry-submit').click();
      await expect
        .poll(() => page.getByTestId('entry-error').textContent(), WAIT)
        .toContain('Vous êtes déjà dans une session');
    });

    it('refuses a pharmacovigilance report with a bad phone number and stores a good one', async () => {
      await animator.getByTestId('pv-open').click();
      const fields: Record<string, string> = {
        patient_firstname: 'Jeanne',
        patient_lastname: 'Martin',
        patient_birthdate: '05/14/1980',
        doctor_firstname: 'Paul',
        doctor_lastname: 'Durand',
        doctor_phone: '12345',
        doctor_email: 'paul.durand@example.org',
        doctor_specialty: 'Cardiology',
        doctor_address: '1 rue de la Paix, Paris',
        doctor_zip_code: '75002',
        drug_name: 'Examplol',
        drug_batch_number: '4711',
        drug_adverse_reaction: 'Dizziness two hours after the first dose.',
      };
      for (const [name, value] of Object.entries(fields))
        await animator.getByTestId(`pv-field-${name}`).fill(value);
      await animator.getByTestId('pv-field-patient_age_range').selectOption('Adults');
      await animator.getByTestId('pv-field-gender-f').check();
      await animator.getByTestId('pv-submit').click();
      await animator.getByTestId('pv-error-doctor_phone').waitFor(WAIT);
      expect(await database.db.selectFrom('pharmacovigilance_reports').select('id').execute()).toHaveLength(
        0,
      );

      await animator.getByTestId('pv-field-doctor_phone').fill('0612345678');
      await animator.getByTestId('pv-submit').click();
      await animator.getByTestId('pv-saved').waitFor(WAIT);
      const stored = await database.db.selectFrom('pharmacovigilance_reports').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        doctor_phone: '0612345678',
        drug_name: 'Examplol',
        patient_birthdate: expect.anything(),
      });
      await animator.keyboard.press('Escape');
    });

    it('switches the room to German', async () => {
      await guestA
        .getByTestId('lang-de')
        .click()
        .catch(async () => {
          await guestA.evaluate(() => window.localStorage.setItem('lablive.locale', 'de'));
          await guestA.reload();
        });
      await guestA.getByTestId('room-page').waitFor(WAIT);
      await expect.poll(() => guestA.locator('html').getAttribute('lang'), WAIT).toBe('de');
      await expect.poll(() => guestA.getByTestId('tab-users').textContent(), WAIT).toBe('Personen');
      await guestA.screenshot({ path: path.join(ARTIFACTS, 'live-room-de.png') });
    });
    it("names the room on everyone's screen, and gives its staff the public link", async () => {
      // A room named by default is said in the reader's language: this guest reads German now.
      expect(await guestA.getByTestId('room-name').textContent()).toContain('Raum 1');
      expect(await guestA.getByTestId('room-copy-link').count()).toBe(0);
      await animator.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await animator.getByTestId('room-copy-link').click();
      await animator.getByTestId('room-link-copied').waitFor(WAIT);
      expect(await animator.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/${slug}`);
      // The user menu: sign out for everyone; back to the back office for admins only.
      await guestA.getByTestId('room-me').click();
      await guestA.getByTestId('room-menu-sign-out').waitFor(WAIT);
      expect(await guestA.getByTestId('room-menu-home').count()).toBe(0);
      expect(await accessibilityViolations(guestA), 'user menu').toEqual([]);
      await guestA.keyboard.press('Escape');
    });

    it('lays the room out for a phone and a tablet: the stage first, the tiles and the sidebar around it', async () => {
      const original = guestA.viewportSize();
      const box = async (testId: string) => {
        const found = await guestA.getByTestId(testId).boundingBox();
        if (found === null) throw new Error(`${testId} is not on screen`);
        return found;
      };
      // A phone held upright: the stage takes the width, the tiles are a strip under it.
      await guestA.setViewportSize({ width: 390, height: 844 });
      await expect.poll(async () => (await box('stage')).width, WAIT).toBeGreaterThan(360);
      const stage = await box('stage');
      expect((await box('tiles')).y).toBeGreaterThanOrEqual(stage.y + stage.height - 1);
      expect((await box('room-controls')).y + (await box('room-controls')).height).toBeLessThanOrEqual(844);
      await guestA.screenshot({ path: path.join(ARTIFACTS, 'live-room-390.png') });
      expect(await accessibilityViolations(guestA), 'live room at 390 px').toEqual([]);
      // Its sidebar opens over the whole screen, and folds back.
      if ((await guestA.getByTestId('sidebar').getAttribute('data-open')) !== 'true') {
        await guestA.getByTestId('sidebar-toggle').click();
      }
      await expect.poll(async () => (await box('sidebar')).width, WAIT).toBe(390);
      await guestA.screenshot({ path: path.join(ARTIFACTS, 'live-room-390-sidebar.png') });
      await guestA.getByTestId('sidebar-toggle').click();
      // A tablet: the stage keeps most of the width; an open sidebar lies over it.
      await guestA.setViewportSize({ width: 768, height: 1024 });
      await expect.poll(async () => (await box('stage')).width, WAIT).toBeGreaterThan(480);
      await guestA.screenshot({ path: path.join(ARTIFACTS, 'live-room-768.png') });
      expect(await accessibilityViolations(guestA), 'live room at 768 px').toEqual([]);
      if (original) await guestA.setViewportSize(original);

      // The adverse-event form fits a phone too: one column, nothing wider than the screen.
      const animatorSize = animator.viewportSize();
      await animator.setViewportSize({ width: 390, height: 844 });
      await animator.getByTestId('pv-open').click();
      await animator.getByTestId('pv-submit').waitFor(WAIT);
      const scrollWidth = await animator.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
      await animator.screenshot({ path: path.join(ARTIFACTS, 'pharmacovigilance-390.png') });
      expect(await accessibilityViolations(animator), 'adverse-event form at 390 px').toEqual([]);
      await animator.keyboard.press('Escape');
      if (animatorSize) await animator.setViewportSize(animatorSize);
    });

    it('ends the session, keeps a late guest waiting, and starts the next one for everyone', async () => {
      // The animator starts the session, then ends it: they stay to start the next one.
      const timer = animator.getByTestId('room-timer');
      if ((await timer.getAttribute('data-status')) !== 'started') {
        await animator.getByTestId('room-start-session').click();
        await expect.poll(() => timer.getAttribute('data-status'), WAIT).toBe('started');
      }
      await animator.getByTestId('room-end-session').click();
      await animator.getByTestId('room-end-session-confirm').click();
      await expect.poll(() => timer.getAttribute('data-status'), WAIT).toBe('ended');

      // A guest in the room is told, and waits for the next session in the waiting room.
      await guestA.getByTestId('room-ended').waitFor(WAIT);
      expect(await guestA.getByTestId('room-ended').getAttribute('data-reason')).toBe('session');
      expect(await accessibilityViolations(guestA)).toEqual([]);
      await guestA.getByTestId('room-ended-wait').click();
      await guestA.getByTestId('waiting-between-sessions').waitFor(WAIT);
      expect(await guestA.getByTestId('waiting-join').isDisabled()).toBe(true);

      // A guest who arrives now waits too, with the same words, instead of a loop of ended screens.
      const late = await person();
      await enterAsGuest(late, 'Carla', 'carla@example.org');
      await late.getByTestId('waiting-between-sessions').waitFor(WAIT);
      expect(await late.getByTestId('waiting-join').isDisabled()).toBe(true);
      await late.screenshot({ path: path.join(ARTIFACTS, 'waiting-between-sessions.png') });
      expect(await accessibilityViolations(late)).toEqual([]);

      // The animator starts the next session; both guests can join it.
      const start = animator.getByTestId('room-start-session');
      expect(await start.textContent()).toBe('Start a new session');
      await start.click();
      await expect.poll(() => timer.getAttribute('data-status'), WAIT).toBe('started');
      for (const guest of [late, guestA]) {
        await expect.poll(() => guest.getByTestId('waiting-join').isEnabled(), WAIT).toBe(true);
        await joinFromWaitingRoom(guest);
      }
      await expect
        .poll(() => late.getByTestId('room-timer').getAttribute('data-status'), WAIT)
        .toBe('started');
    });
  },
);
