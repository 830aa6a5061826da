import { describe, expect, it } from 'vitest';
import {
  animator,
  given,
  joined,
  LATER,
  NOW,
  participant,
  stateAfter,
} from '../testing/roomSpecification.ts';
import { bannerShownAt, breakoutSecondsLeft } from './broadcast.ts';
import { backOfficeActor } from './decision.ts';
import type { SessionEvent } from './roomEvents.ts';

const staff = backOfficeActor({ id: 70, name: 'Alice Admin', email: 'admin@lab.test' });
const started: SessionEvent = { type: 'SessionStarted', data: { by: 1, at: NOW, session: 2 } };
const room = [joined(animator), joined(participant), started];
const sender = { by: 0, byUserId: 70, at: NOW };

describe('BroadcastAnnouncement', () => {
  it('logs the announcement in the room with its session, from staff who are not in the room', () => {
    const state = given(room)
      .when({ type: 'BroadcastAnnouncement', data: { announcementId: 'a-1', text: ' Back at 3 ' } }, staff)
      .then([
        {
          type: 'AnnouncementBroadcast',
          data: { announcementId: 'a-1', text: 'Back at 3', session: 2, ...sender },
        },
      ]);
    expect(state.broadcast.announcements).toEqual([{ id: 'a-1', text: 'Back at 3', session: 2, at: NOW }]);
  });

  it('refuses a guest, and the same id twice', () => {
    const command = { type: 'BroadcastAnnouncement', data: { announcementId: 'a-1', text: 'Hi' } } as const;
    given(room).when(command, participant).thenRejects('not_animator');
    const sent: SessionEvent = {
      type: 'AnnouncementBroadcast',
      data: { announcementId: 'a-1', text: 'Hi', session: 2, ...sender },
    };
    given([...room, sent])
      .when(command, staff)
      .thenRejects('duplicate_id');
  });

  it('refuses a blank announcement at the boundary', () => {
    expect(() =>
      given(room).when({ type: 'BroadcastAnnouncement', data: { announcementId: 'a', text: '  ' } }, staff),
    ).toThrow();
  });

  it('is refused by a room whose session has ended, so the caller learns that room did not get it', () => {
    const ended: SessionEvent = { type: 'SessionEnded', data: { by: 1, at: NOW } };
    given([...room, ended])
      .when({ type: 'BroadcastAnnouncement', data: { announcementId: 'a', text: 'Hi' } }, staff)
      .thenRejects('session_ended');
  });
});

describe('banner', () => {
  const set: SessionEvent = {
    type: 'BannerSet',
    data: { bannerId: 'b-1', text: 'Coffee', expiresAt: LATER, ...sender },
  };

  it('sets a banner shown until it expires', () => {
    const state = given(room)
      .when({ type: 'SetBanner', data: { bannerId: 'b-1', text: 'Coffee', expiresAt: LATER } }, staff)
      .then([set]);
    expect(bannerShownAt(state.broadcast.banner, NOW)?.text).toBe('Coffee');
    expect(bannerShownAt(state.broadcast.banner, LATER)).toBeNull();
  });

  it('refuses a banner that would already have expired', () => {
    given(room)
      .when({ type: 'SetBanner', data: { bannerId: 'b', text: 'Late', expiresAt: NOW } }, staff)
      .thenRejects('broadcast_invalid');
  });

  it('clears the banner, and says when there is none to clear', () => {
    const state = given([...room, set])
      .when({ type: 'ClearBanner', data: { bannerId: 'c-1' } }, animator)
      .then([{ type: 'BannerCleared', data: { bannerId: 'c-1', by: 1, byUserId: 10, at: NOW } }]);
    expect(state.broadcast.banner).toBeNull();
    given(room)
      .when({ type: 'ClearBanner', data: { bannerId: 'c-1' } }, staff)
      .thenRejects('no_banner');
  });
});

describe('breakouts', () => {
  const timer = { breakoutId: 'br-1', endsAt: LATER, targetRoomId: 7, targetRoomName: 'Plenary' };
  const timerStarted: SessionEvent = { type: 'BreakoutTimerStarted', data: { ...timer, ...sender } };
  const recall = (due: boolean, breakoutId = 'br-1') =>
    ({
      type: 'RecallToRoom',
      data: { breakoutId, targetRoomId: 7, targetRoomName: 'Plenary', due },
    }) as const;

  it('starts a countdown the room shows', () => {
    const state = given(room).when({ type: 'StartBreakoutTimer', data: timer }, staff).then([timerStarted]);
    expect(breakoutSecondsLeft(state.broadcast.breakout, Date.parse(NOW))).toBe(15 * 60);
    expect(breakoutSecondsLeft(state.broadcast.breakout, Date.parse(LATER) + 5000)).toBe(0);
  });

  it('refuses a timer that ends before it starts', () => {
    given(room)
      .when({ type: 'StartBreakoutTimer', data: { ...timer, endsAt: NOW } }, staff)
      .thenRejects('broadcast_invalid');
  });

  it("recalls everyone when the timer is due, and the timer's recall comes once", () => {
    const recalled: SessionEvent = {
      type: 'RecalledToRoom',
      data: {
        breakoutId: 'br-1',
        targetRoomId: 7,
        targetRoomName: 'Plenary',
        by: 0,
        byUserId: 70,
        at: LATER,
      },
    };
    const state = given([...room, timerStarted])
      .when(recall(true), staff, { now: LATER })
      .then([recalled]);
    expect(state.broadcast.breakout).toMatchObject({ id: 'br-1', targetRoomId: 7, recalledAt: LATER });
    expect(breakoutSecondsLeft(state.broadcast.breakout, Date.parse(NOW))).toBeNull();
    given([...room, timerStarted, recalled])
      .when(recall(true), staff)
      .thenRejects('breakout_not_running');
    given([...room, timerStarted, recalled])
      .when(recall(false), staff)
      .thenRejects('already_recalled');
  });

  it('lets staff bring everyone back now, before or without a timer; a later timer recall does nothing', () => {
    const now = given([...room, timerStarted])
      .when(recall(false, 'br-now'), staff)
      .then([
        {
          type: 'RecalledToRoom',
          data: { breakoutId: 'br-now', targetRoomId: 7, targetRoomName: 'Plenary', ...sender },
        },
      ]);
    expect(now.broadcast.breakout).toMatchObject({ id: 'br-now', endsAt: null, recalledAt: NOW });
    given([...room, timerStarted, ...[]])
      .when(recall(true, 'br-old'), staff)
      .thenRejects('breakout_not_running');
  });
});

describe('a room that joins later', () => {
  it('holds the banner and the latest announcements in its state, for the welcome and the replay', () => {
    const state = stateAfter([
      started,
      { type: 'BannerSet', data: { bannerId: 'b', text: 'Lunch', expiresAt: null, ...sender } },
      {
        type: 'AnnouncementBroadcast',
        data: { announcementId: 'a', text: 'Room 1 at 2 pm', session: 2, ...sender },
      },
    ]);
    expect(state.broadcast.banner?.text).toBe('Lunch');
    expect(state.broadcast.announcements.map((a) => a.text)).toEqual(['Room 1 at 2 pm']);
  });
});
