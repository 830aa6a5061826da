// Lobby control (issue 33, part 2), in the system Chromium against the server process: an event whose
// guests wait in the lobby; a guest asks to join and waits; the animator, in the room, sees and hears
// the knock (the lobby bar, its announcement) and admits them; the animator locks the room and a second
// guest, on a phone, is told it is locked; unlocked, the animator removes the first guest, whose room
// closes on why, and who cannot knock back into that session; after the close, the session's statistics
// count the lobby. axe-core runs on each page at each step,
// and screenshots at 1280 and 390 px go to test-artifacts/.
import {
  admitFromRoom,
  browserSkipReason,
  closeEventAsAdmin,
  createRunningEvent,
  demoBrowserSuite,
  knockFromWaitingRoom,
  pressJoin,
  reachWaitingRoomAsPublicGuest,
  removeFromRoom,
  signInThroughPage,
  startSessionAsStaff,
} from '@lablive/testkit';
import { describe, expect, it } from 'vitest';

const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };

describe.runIf(skipReason === null)(`lobby control${skipReason ? ` (${skipReason})` : ''}`, () => {
  const suite = demoBrowserSuite('lobby');
  const { check } = suite;
  const person = (width = 1280) => suite.person({ width });

  it('offers the setting in the event form, in the planner’s language', async () => {
    const planner = await suite.person({ width: 1280, locale: 'fr' });
    await signInThroughPage(planner, suite.server.url, 'animator@lablive.test');
    await planner.getByTestId('new-event').click();
    const setting = planner.getByTestId('event-lobby');
    await setting.waitFor(WAIT);
    expect(await setting.isChecked()).toBe(false);
    await setting.check();
    expect(await planner.getByText('Les invités attendent dans la salle d’attente').count()).toBe(1);
    await setting.focus();
    await check(planner, 'event-form-fr-1280');
    await planner.setViewportSize({ width: 390, height: 800 });
    await check(planner, 'event-form-fr-390');
  });

  it('admits a knocking guest, locks the room, and removes a guest for the session', async () => {
    const event = await createRunningEvent(suite.database.db, {
      name: 'Cardiology round table',
      slugPrefix: 'lobby',
      isPublic: true,
      roomName: 'Lobby room',
    });
    await suite.database.db
      .updateTable('events')
      .set({ lobby: true })
      .where('id', '=', event.eventId)
      .execute();
    const animator = await person();
    await startSessionAsStaff(
      animator,
      suite.server.url,
      'animator@lablive.test',
      event.eventId,
      event.roomId,
    );
    await check(animator, 'host-empty-1280');

    // The guest asks to join and waits; the page says so.
    const guest = await person();
    await reachWaitingRoomAsPublicGuest(guest, suite.server.url, event.slug, {
      firstName: 'Gina',
      lastName: 'Knocker',
      email: 'gina.knocker@example.org',
    });
    await expect.poll(() => guest.getByTestId('waiting-join').textContent(), WAIT).toContain('Ask to join');
    await knockFromWaitingRoom(guest);
    await check(guest, 'guest-waiting-1280');

    // The animator sees who knocks, with the announcement for screen readers, and admits her.
    await expect
      .poll(() => animator.getByTestId('lobby-announcement').textContent(), WAIT)
      .toBe('Gina Knocker asks to join the room.');
    await check(animator, 'host-knock-1280');
    await animator.setViewportSize({ width: 390, height: 800 });
    await check(animator, 'host-knock-390');
    await animator.setViewportSize({ width: 1280, height: 800 });
    await admitFromRoom(animator, 'Gina Knocker');
    await guest.getByTestId('room-page').waitFor(WAIT);
    await expect.poll(() => animator.getByTestId('room-lobby').textContent(), WAIT).not.toContain('Gina');

    // Locked: a second guest, on a phone, is turned away with the reason.
    await animator.getByTestId('room-lock').click();
    await expect
      .poll(() => animator.getByTestId('room-lock-state').getAttribute('data-locked'), WAIT)
      .toBe('true');
    const late = await person(390);
    await reachWaitingRoomAsPublicGuest(late, suite.server.url, event.slug, {
      firstName: 'Lou',
      lastName: 'Late',
      email: 'lou.late@example.org',
    });
    await check(late, 'late-waiting-390');
    await pressJoin(late);
    const refused = late.getByTestId('waiting-lobby-refused');
    await refused.waitFor(WAIT);
    expect(await refused.getAttribute('data-code')).toBe('room_locked');
    await check(late, 'late-locked-390');
    await animator.getByTestId('room-unlock').click();
    await expect
      .poll(() => animator.getByTestId('room-lock-state').getAttribute('data-locked'), WAIT)
      .toBe('false');

    // The animator removes Gina: her room closes on why, and she cannot knock back into this session.
    await removeFromRoom(animator, 'Gina Knocker');
    const failed = guest.getByTestId('room-failed');
    await failed.waitFor(WAIT);
    expect(await failed.getAttribute('data-kind')).toBe('removed');
    expect(await failed.textContent()).toContain('You were removed from this session');
    await check(guest, 'guest-removed-1280');
    await guest.setViewportSize({ width: 390, height: 800 });
    await check(guest, 'guest-removed-390');
    await guest.goto(`${suite.server.url}/waiting/${event.roomId}`);
    await pressJoin(guest);
    await guest.getByTestId('waiting-lobby-refused').waitFor(WAIT);
    expect(await guest.getByTestId('waiting-lobby-refused').getAttribute('data-code')).toBe(
      'removed_from_session',
    );
    await check(guest, 'guest-removed-knock-390');
    await check(animator, 'host-after-1280');

    // After the close, the session's statistics count the lobby: one knock admitted, one lock, one removal.
    const admin = await person();
    await closeEventAsAdmin(admin, suite.server.url, event.eventId);
    await admin.goto(`${suite.server.url}/admin/stats/${event.eventId}`);
    const lobby = admin.getByTestId('stats-lobby');
    await lobby.waitFor(WAIT);
    const figure = (key: string) => lobby.getByTestId(`stats-lobby-${key}`).locator('dd').textContent();
    expect(await figure('knocks')).toBe('1');
    expect(await figure('admitted')).toBe('1');
    expect(await figure('removed')).toBe('1');
    expect(await figure('locks')).toBe('1');
    await check(admin, 'stats-lobby-1280');
    await admin.setViewportSize({ width: 390, height: 800 });
    await check(admin, 'stats-lobby-390');
    // Four people, a close and the statistics: a loaded machine takes minutes.
  }, 300_000);
});
