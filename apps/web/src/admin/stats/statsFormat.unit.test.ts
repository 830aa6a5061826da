// The statistics pages' arithmetic: bucket labels stay on the lab's day whatever the reader's zone, the
// chart labels the last bucket and never crowds, the timeline puts every stay on one axis, rooms are
// numbered in the order they were made.
import type { RoomSessionStats, SessionParticipant } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  clockOf,
  labelledIndexes,
  minutesOf,
  roomNumbers,
  sessionTimeline,
  timeTicks,
} from './statsFormat.ts';

const person = (id: number, intervals: SessionParticipant['intervals']): SessionParticipant => ({
  participant_id: id,
  name: `Person ${id}`,
  role: 'participant',
  intervals,
  present_seconds: 0,
  talk_seconds: 0,
  messages: 0,
  votes: 0,
  speak_requests: 0,
  consents: [],
});

const session = (overrides: Partial<RoomSessionStats>): RoomSessionStats => ({
  room_id: 1,
  number: 1,
  started_at: '2026-11-20T10:00:00.000Z',
  ended_at: '2026-11-20T11:00:00.000Z',
  closed: true,
  consumed_minutes: 0,
  messages: 0,
  votes: 0,
  speak_requests: 0,
  shares: 0,
  participants: [],
  ...overrides,
});

describe('bucketLabel', () => {
  it('prints the bucket’s own day in the page’s way, whatever the reader’s time zone', () => {
    expect(bucketLabel('2026-11-01', 'day', 'en')).toBe('01/11');
    expect(bucketLabel('2026-11-30', 'week', 'de', true)).toBe('30.11.2026');
  });

  it('names a month in the reader’s language', () => {
    expect(bucketLabel('2026-11-01', 'month', 'en', true)).toBe('November 2026');
    expect(bucketLabel('2026-11-01', 'month', 'fr', true)).toBe('novembre 2026');
  });
});

describe('labelledIndexes', () => {
  it('labels every bucket when they fit', () => {
    expect(labelledIndexes(5, 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it('spaces the labels evenly, ending on the current bucket', () => {
    const indexes = labelledIndexes(30, 6);
    expect(indexes.length).toBeLessThanOrEqual(6);
    expect(indexes.at(-1)).toBe(29);
    expect(new Set(indexes.slice(1).map((index, i) => index - (indexes[i] ?? 0))).size).toBe(1);
  });

  it('labels nothing without buckets', () => {
    expect(labelledIndexes(0, 6)).toEqual([]);
  });
});

describe('timeTicks', () => {
  it('puts round instants at most six over the span', () => {
    const start = Date.parse('2026-11-20T10:03:00Z');
    const end = Date.parse('2026-11-20T10:47:00Z');
    const ticks = timeTicks(start, end);
    expect(ticks.map((tick) => new Date(tick).toISOString().slice(11, 16))).toEqual([
      '10:10',
      '10:20',
      '10:30',
      '10:40',
    ]);
  });

  it('gives the start alone for an empty span', () => {
    expect(timeTicks(1000, 1000)).toEqual([1000]);
  });
});

describe('sessionTimeline', () => {
  it('puts everyone’s stays on one axis from the first arrival to the session’s end', () => {
    const timeline = sessionTimeline(
      session({
        participants: [
          person(1, [{ from: '2026-11-20T09:50:00.000Z', to: '2026-11-20T11:00:00.000Z' }]),
          person(2, [
            { from: '2026-11-20T10:00:00.000Z', to: '2026-11-20T10:10:00.000Z' },
            { from: '2026-11-20T10:30:00.000Z', to: '2026-11-20T11:00:00.000Z' },
          ]),
        ],
      }),
      Date.parse('2026-11-20T12:00:00Z'),
    );
    expect(new Date(timeline.start).toISOString()).toBe('2026-11-20T09:50:00.000Z');
    expect(new Date(timeline.end).toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(timeline.rows[0]?.bars.map(({ left, width }) => [left, width])).toEqual([[0, 100]]);
    const second = timeline.rows[1]?.bars ?? [];
    expect(second.map(({ left }) => Math.round(left))).toEqual([14, 57]);
    expect(second.map(({ width }) => Math.round(width))).toEqual([14, 43]);
  });

  it('runs a stay still open, and the session, up to now', () => {
    const now = Date.parse('2026-11-20T10:30:00Z');
    const timeline = sessionTimeline(
      session({
        ended_at: null,
        closed: false,
        participants: [person(1, [{ from: '2026-11-20T10:15:00.000Z', to: null }])],
      }),
      now,
    );
    expect(timeline.end).toBe(now);
    expect(timeline.rows[0]?.bars).toEqual([
      { from: Date.parse('2026-11-20T10:15:00Z'), to: now, left: 50, width: 50, open: true },
    ]);
  });

  it('keeps a stay of a few seconds visible', () => {
    const timeline = sessionTimeline(
      session({
        participants: [person(1, [{ from: '2026-11-20T10:20:00.000Z', to: '2026-11-20T10:20:01.000Z' }])],
      }),
      0,
    );
    expect(timeline.rows[0]?.bars[0]?.width).toBe(0.5);
  });
});

describe('roomNumbers', () => {
  it('numbers the rooms by id, once each, whatever the order of their sessions', () => {
    const numbers = roomNumbers([
      session({ room_id: 12, number: 2 }),
      session({ room_id: 7 }),
      session({ room_id: 12 }),
    ]);
    expect([...numbers]).toEqual([
      [7, 1],
      [12, 2],
    ]);
  });
});

describe('lengths', () => {
  it('writes H:MM:SS and rounds to whole minutes', () => {
    expect(clockOf(3725)).toBe('1:02:05');
    expect(clockOf(-4)).toBe('0:00:00');
    expect(minutesOf(89)).toBe(1);
    expect(minutesOf(90)).toBe(2);
  });
});
