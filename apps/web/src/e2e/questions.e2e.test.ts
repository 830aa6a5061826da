// Q&A in a live room (issue 33, part 3), in the system Chromium against the server process: a guest
// asks a question anonymously and sees it awaiting approval; the animator sees who asked and approves
// it; a second guest (on a phone-sized window) sees it without the asker's name and upvotes it; the
// animator pins it, then marks it answered, and both guests see it so. After the close, the session's
// statistics list it with who asked (CSV too) and its replay shows it. axe-core runs on each page at each
// step, and screenshots at 1280 and 390 px go to test-artifacts/.
import { readFile } from 'node:fs/promises';
import {
  askInBrowser,
  browserSkipReason,
  closeEventAsAdmin,
  createRunningEvent,
  demoBrowserSuite,
  enterAsPublicGuest,
  moderateInBrowser,
  openQuestionsTab,
  questionCard,
  startDemoSession,
  upvoteInBrowser,
} from '@lablive/testkit';
import { describe, expect, it } from 'vitest';

const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const QUESTION = 'Is the 10 mg dose safe for children under six?';

describe.runIf(skipReason === null)(`Q&A in a live room${skipReason ? ` (${skipReason})` : ''}`, () => {
  const suite = demoBrowserSuite('questions');
  const { check } = suite;
  const person = (width = 1280) => suite.person({ width });

  it('asks anonymously, approves, upvotes from another guest, pins and marks answered', async () => {
    const event = await createRunningEvent(suite.database.db, {
      name: 'Paediatric dosing Q&A',
      slugPrefix: 'qa',
      isPublic: true,
      roomName: 'Q&A room',
    });
    const asker = await person();
    const animator = await person();
    await startDemoSession(suite.server.url, { id: event.eventId, slug: event.slug }, asker, animator, {
      firstName: 'Gina',
      lastName: 'Asker',
      email: 'gina.asker@example.org',
    });

    // The guest asks anonymously: they see their question at once, awaiting approval.
    await askInBrowser(asker, QUESTION, { anonymous: true });
    const askerCard = questionCard(asker, QUESTION);
    await expect.poll(() => askerCard.getAttribute('data-status'), WAIT).toBe('pending');
    await check(asker, 'asker-pending-1280');

    // The animator, on another tab, is told a question awaits approval; sees who asked, and that the
    // guests do not; approves it.
    await animator
      .getByTestId('tab-questions')
      .getByRole('img', { name: 'A question awaits your approval' })
      .waitFor(WAIT);
    await openQuestionsTab(animator);
    const animatorCard = questionCard(animator, QUESTION);
    await animatorCard.waitFor(WAIT);
    await expect.poll(() => animatorCard.textContent(), WAIT).toContain('Gina Asker');
    await check(animator, 'animator-pending-1280');
    await moderateInBrowser(animator, QUESTION, 'approve');
    await expect.poll(() => askerCard.getAttribute('data-status'), WAIT).toBe('approved');

    // A second guest, on a phone, sees it without the asker's name and upvotes it.
    const voter = await person(390);
    await enterAsPublicGuest(voter, suite.server.url, event.slug, {
      firstName: 'Victor',
      lastName: 'Voter',
      email: 'victor.voter@example.org',
    });
    await openQuestionsTab(voter);
    const voterCard = questionCard(voter, QUESTION);
    await voterCard.waitFor(WAIT);
    expect(await voterCard.textContent()).not.toContain('Gina');
    expect(await voterCard.textContent()).toContain('Anonymous');
    await upvoteInBrowser(voter, QUESTION);
    await expect.poll(() => animatorCard.getByTestId('question-upvote').textContent(), WAIT).toContain('1');
    // The asker cannot upvote their own question.
    expect(await askerCard.getByTestId('question-upvote').isDisabled()).toBe(true);

    // Pinned, then answered (which unpins it): both guests see it.
    await moderateInBrowser(animator, QUESTION, 'pin');
    await expect.poll(() => voterCard.getAttribute('data-pinned'), WAIT).toBe('true');
    await check(voter, 'guest-pinned-390');
    await moderateInBrowser(animator, QUESTION, 'answer');
    await expect.poll(() => voterCard.getAttribute('data-answered'), WAIT).toBe('true');
    await expect.poll(() => askerCard.getAttribute('data-answered'), WAIT).toBe('true');
    await expect.poll(() => voterCard.textContent(), WAIT).toContain('Answered');
    await check(voter, 'guest-answered-390');
    await check(animator, 'animator-answered-1280');
    await check(asker, 'asker-answered-1280');
    expect(await voterCard.textContent()).not.toContain('Gina');

    // After the close, the statistics list the question for staff, with who asked, its votes and state.
    const admin = await person();
    await closeEventAsAdmin(admin, suite.server.url, event.eventId);
    await admin.goto(`${suite.server.url}/admin/stats/${event.eventId}`);
    const row = admin
      .getByTestId('stats-questions')
      .getByTestId('question-row')
      .filter({ hasText: QUESTION });
    await row.waitFor(WAIT);
    const rowText = await row.textContent();
    expect(rowText).toContain('Gina Asker');
    expect(rowText).toContain('anonymous to guests');
    expect(rowText).toContain('Answered');
    await check(admin, 'stats-detail-1280');
    const [download] = await Promise.all([
      admin.waitForEvent('download', WAIT),
      admin.getByTestId('stats-csv-questions').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`questions-${event.eventId}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(`${QUESTION},Gina Asker,yes,1,Approved,yes,no`);
    await admin.setViewportSize({ width: 390, height: 800 });
    await check(admin, 'stats-detail-390');

    // The replay at the end of the room's log shows it as the animators saw it.
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.getByTestId(`stats-replay-${event.roomId}`).click();
    await admin.getByTestId('replay-room').waitFor(WAIT);
    await admin.getByTestId('replay-marker').last().click();
    const replayed = admin
      .getByTestId('replay-questions')
      .getByTestId('question-row')
      .filter({ hasText: QUESTION });
    await replayed.waitFor(WAIT);
    expect(await replayed.textContent()).toContain('Gina Asker');
    await check(admin, 'replay-1280');
    // Three people, two rooms' worth of pages and the statistics: longer than one page's default.
  }, 240_000);
});
