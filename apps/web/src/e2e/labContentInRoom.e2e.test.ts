// Lab content from the back office to the room (issue 17, part 9), in the system Chromium against the
// real server process: the lab's admin uploads a PDF and prepares a poll in the back office; in the live
// room the animator shares that document and asks that poll, and a guest (public link) downloads the
// very bytes uploaded and votes. (Filing a report from the room and reading it under Reports is
// pharmacovigilanceAdmin.e2e.test.ts.) axe-core runs on the back-office pages visited.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  enterAsPublicGuest,
  joinFromWaitingRoom,
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
const SESSION = 'LabLive demo session';
const DOCUMENT = 'Study protocol (final)';
const QUESTION = 'Which dosage do you prescribe first?';

/** A small, valid PDF: what the server reads the type from is its bytes, not the name. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe.runIf(skipReason === null)(
  `lab content from the back office to the room${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    const pdf = minimalPdf();

    async function person(): Promise<Page> {
      const context = await browser.newContext({
        locale: 'en',
        viewport: { width: 1280, height: 800 },
        permissions: ['camera', 'microphone'],
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      return page;
    }

    async function signedIn(email: string): Promise<Page> {
      const page = await person();
      await signInThroughPage(page, server.url, email);
      await page.waitForURL('**/admin/events', WAIT);
      return page;
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

    it('uploads a document and prepares a poll that the animator shares and asks, and a guest downloads and answers', async () => {
      // The back office: a PDF uploaded through the document form.
      const admin = await signedIn('admin@lablive.test');
      await admin.getByTestId('nav-documents').click();
      await admin.getByTestId('add-document').click();
      await admin.getByTestId('document-form-name').fill(DOCUMENT);
      await admin
        .getByTestId('document-form-file')
        .setInputFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: pdf });
      expect(await accessibilityViolations(admin), 'document form').toEqual([]);
      await admin.getByTestId('document-form-submit').click();
      await admin.getByTestId('documents-row').filter({ hasText: DOCUMENT }).waitFor(WAIT);
      expect(await accessibilityViolations(admin), 'documents list').toEqual([]);
      const document = await database.db
        .selectFrom('documents')
        .select(['id', 'extension'])
        .where('name', '=', DOCUMENT)
        .executeTakeFirstOrThrow();
      expect(document.extension).toBe('pdf');

      // A poll prepared through the poll form.
      await admin.getByTestId('nav-polls').click();
      await admin.getByTestId('add-poll').click();
      await admin.getByTestId('poll-form-title').fill('Dosage');
      await admin.getByTestId('poll-form-question').fill(QUESTION);
      const options = admin.getByTestId('poll-form-option');
      await options.nth(0).fill('5 mg');
      await options.nth(1).fill('10 mg');
      expect(await accessibilityViolations(admin), 'poll form').toEqual([]);
      await admin.getByTestId('poll-form-save').click();
      await expect
        .poll(() => admin.getByTestId('poll-form-saved').allTextContents(), WAIT)
        .toContainEqual(expect.stringContaining('Poll created!'));
      const poll = await database.db
        .selectFrom('polls')
        .select('id')
        .where('question', '=', QUESTION)
        .executeTakeFirstOrThrow();

      // A guest comes in through the public link and is placed in a room.
      const event = await database.db
        .selectFrom('events')
        .select(['id', 'slug'])
        .where('name', '=', SESSION)
        .executeTakeFirstOrThrow();
      const guest = await person();
      await enterAsPublicGuest(guest, server.url, event.slug, {
        firstName: 'Gina',
        lastName: 'Guest',
        email: 'gina@example.org',
      });
      const placed = await database.db
        .selectFrom('participants')
        .select('room_id')
        .where('email', '=', 'gina@example.org')
        .executeTakeFirstOrThrow();
      expect(placed.room_id).not.toBeNull();

      // The animator joins the guest's room, shares the document and asks the prepared poll.
      const animator = await signedIn('animator@lablive.test');
      const card = animator.getByTestId(`event-${event.id}`);
      await card.waitFor(WAIT);
      await card.getByTestId('event-room-select').selectOption(String(placed.room_id));
      await card.getByTestId('event-join').click();
      await joinFromWaitingRoom(animator);
      await animator.getByTestId('documents-open').click();
      await animator.getByTestId(`document-share-${document.id}`).click();
      await animator.keyboard.press('Escape');
      await animator.getByTestId('tab-polls').click();
      await animator.getByTestId(`prepared-poll-ask-${poll.id}`).click();

      // The guest downloads exactly what was uploaded, and answers the poll.
      await expect
        .poll(() => guest.getByTestId('documents-counter').getAttribute('data-count'), WAIT)
        .toBe('1');
      await guest.getByTestId('documents-open').click();
      const [download] = await Promise.all([
        guest.waitForEvent('download', WAIT),
        guest.getByTestId(`document-download-${document.id}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${DOCUMENT}.pdf`);
      expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);
      await guest.keyboard.press('Escape');
      await guest.getByTestId('tab-polls').click();
      await guest.getByText(QUESTION).waitFor(WAIT);
      await guest.getByTestId('poll-vote-option-1').click();
      await guest.getByTestId('poll-vote-submit').click();
      await guest.getByTestId('poll-voted').waitFor(WAIT);
      await guest.screenshot({ path: path.join(ARTIFACTS, 'lab-content-guest.png') });
      // The download is on the record, for the statistics.
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom('document_downloads')
                .select('document_id')
                .where('document_id', '=', document.id)
                .execute()
            ).length,
          WAIT,
        )
        .toBe(1);
    });
  },
);
