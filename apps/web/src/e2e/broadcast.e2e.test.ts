// Broadcast to every room and breakouts (issue 33, part 4), in the system Chromium against the server
// process: a running public event with two rooms, a guest in each (the second in French on a phone),
// the demo animator in room 1 and the demo admin in room 2. The animator sends a message and a banner
// from "To every room" in the live room: both rooms show them. The admin starts breakouts from the back
// office's event page: both rooms count down; when the timer's job is due, the guest of room 2 is taken
// to room 1, told why, and let in. axe-core runs on each page at each step, and screenshots at 1280 and
// 390 px go to test-artifacts/.
import {
  broadcastFromRoom,
  browserSkipReason,
  closeEventAsAdmin,
  createRunningEvent,
  demoBrowserSuite,
  enterAsPublicGuest,
  makeBreakoutDue,
  signInThroughPage,
  startDemoSession,
  startSessionAsStaff,
  waitForReachedAll,
} from '@lablive/testkit';
import { describe, expect, it } from 'vitest';

const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
// A back-office page loads its lists before it shows anything: on a loaded machine that takes longer.
const PAGE_WAIT = { timeout: 60_000 };
const MESSAGE = 'Plenary in room 1 at 3 pm: bring your questions.';
const BANNER = 'Coffee break until 10:30';

describe.runIf(skipReason === null)(`Broadcast to every room${skipReason ? ` (${skipReason})` : ''}`, () => {
  const suite = demoBrowserSuite('broadcast');
  const { check } = suite;
  const person = (width = 1280, locale?: 'fr' | 'en' | 'de') =>
    suite.person(locale === undefined ? { width } : { width, locale });

  it('shows a banner and a message in both rooms, and the timer brings the guest of room 2 into room 1', async () => {
    const event = await createRunningEvent(suite.database.db, {
      name: 'Oncology update with breakouts',
      slugPrefix: 'breakouts',
      isPublic: true,
      roomName: 'Plenary',
    });
    const second = await suite.database.db
      .insertInto('rooms')
      .values({ event_id: event.eventId, lab_id: event.labId, name: 'Workshop', opentok_session_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Room 1: a guest and the animator, who starts it. Room 2: the admin starts it, then a guest on a phone.
    const guest1 = await person();
    const animator = await person();
    const room1 = await startDemoSession(
      suite.server.url,
      { id: event.eventId, slug: event.slug },
      guest1,
      animator,
      {
        firstName: 'Ines',
        lastName: 'Plenary',
        email: 'ines.plenary@example.org',
      },
    );
    const room2 = room1 === second.id ? event.roomId : second.id;
    const admin = await person();
    await startSessionAsStaff(admin, suite.server.url, 'admin@lablive.test', event.eventId, room2);
    // The guest of room 2 reads the room in French, on a phone.
    const guest2 = await person(390, 'fr');
    expect(
      await enterAsPublicGuest(guest2, suite.server.url, event.slug, {
        firstName: 'Walter',
        lastName: 'Workshop',
        email: 'walter.workshop@example.org',
      }),
    ).toBe(room2);

    // The animator sends a message and a banner to every room from the live room.
    await broadcastFromRoom(animator, { message: MESSAGE, banner: BANNER });
    await check(animator, 'dialog-1280');
    await animator.setViewportSize({ width: 390, height: 844 });
    await check(animator, 'dialog-390');
    await animator.setViewportSize({ width: 1280, height: 800 });
    await animator.keyboard.press('Escape');
    for (const guest of [guest1, guest2]) {
      await expect
        .poll(() => guest.getByTestId('room-broadcast-banner').textContent(), WAIT)
        .toContain(BANNER);
      await expect
        .poll(() => guest.getByTestId('chat-announcement').first().textContent(), WAIT)
        .toContain(MESSAGE);
    }
    expect(await guest1.getByTestId('room-broadcast').getAttribute('aria-live')).toBe('polite');
    await guest1.getByRole('tab', { name: 'Chat' }).click();
    await guest1.getByTestId('chat-announcement').first().waitFor(WAIT);
    await check(guest1, 'banner-guest-1280');
    await check(guest2, 'banner-guest-390');

    // The admin starts breakouts from the back office's event page: both rooms count down to room 1.
    const office = await person();
    await signInThroughPage(office, suite.server.url, 'admin@lablive.test');
    await office.waitForURL('**/admin/events', PAGE_WAIT);
    await office.goto(`${suite.server.url}/admin/events/${event.eventId}/participants`);
    const panel = office.getByTestId('event-broadcast');
    await panel.waitFor(PAGE_WAIT);
    await panel.getByTestId('broadcast-breakout-minutes').fill('5');
    await panel.getByTestId('broadcast-breakout-target').selectOption(String(room1));
    await panel.getByTestId('broadcast-breakout-start').click();
    await waitForReachedAll(office, 'broadcast-breakout-result');
    await check(office, 'back-office-1280');
    for (const guest of [guest1, guest2]) {
      await expect
        .poll(() => guest.getByTestId('room-breakout-countdown').textContent(), WAIT)
        .toContain('4:');
    }
    await check(guest2, 'countdown-guest-390');

    // The timer's end (its job made due now): the guest of room 2 is told, then taken into room 1.
    expect(await makeBreakoutDue(suite.database.url, event.eventId)).toBe(1);
    await guest2.getByTestId('room-recalled-away').waitFor(WAIT);
    await guest2.waitForURL(`**/room/${room1}`, WAIT);
    await guest2.locator(`[data-testid="room-page"][data-room-id="${room1}"]`).waitFor(WAIT);
    await guest2.getByTestId('room-brought-back').waitFor(WAIT);
    await expect
      .poll(() => guest2.getByTestId('room-brought-back').textContent(), WAIT)
      .toContain('Workshop');
    await check(guest2, 'brought-back-390');
    // The guest of room 1 stays, told everyone is coming back to their room.
    await guest1.getByTestId('room-recalled-here').waitFor(WAIT);
    expect(guest1.url()).toContain(`/room/${room1}`);
    await check(guest1, 'recalled-here-1280');

    // After the close, the statistics list the announcement under each room's session, and the replay
    // of room 2 shows it with the banner still up.
    const closer = await person();
    await closeEventAsAdmin(closer, suite.server.url, event.eventId);
    await closer.goto(`${suite.server.url}/admin/stats/${event.eventId}`);
    const announced = closer.getByTestId(`stats-room-${room2}`).getByTestId('stats-announcement');
    await expect.poll(() => announced.first().textContent(), { ...WAIT, timeout: 60_000 }).toContain(MESSAGE);
    await check(closer, 'statistics-1280');
    await closer.goto(`${suite.server.url}/admin/sessions/${room2}/replay`);
    await expect.poll(() => closer.getByTestId('replay-broadcast').textContent(), WAIT).toContain(MESSAGE);
    expect(await closer.getByTestId('replay-banner').textContent()).toContain(BANNER);
    await check(closer, 'replay-1280');
  }, 300_000);
});
