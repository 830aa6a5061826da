// The stats tab's figures from a room state: session duration, roles present, chat per minute.
import { appendChatMessage, type ChatMessage, emptyChatLog, type Viewer } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import {
  CHART_MINUTES,
  chatPerMinute,
  countRoles,
  formatDuration,
  sessionDurationMs,
} from './sessionStats.ts';

const at = (minutes: number, seconds = 0) =>
  new Date(Date.UTC(2026, 2, 7, 9, minutes, seconds)).toISOString();
const message = (id: string, time: string): ChatMessage => ({
  id,
  from: { participantId: 1, name: 'Ada' },
  text: 'Hello',
  at: time,
});
const logOf = (messages: ChatMessage[]) => messages.reduce(appendChatMessage, emptyChatLog);
const viewer = (id: number, role: Viewer['role']): Viewer => ({
  id,
  userId: null,
  name: `Viewer ${id}`,
  email: `viewer-${id}@example.org`,
  role,
  isAnimator: role === 'animator' || role === 'observer-animator',
  speaking: false,
  requestingSpeak: false,
  audioEnabled: false,
  videoEnabled: false,
  connections: [`c-${id}`],
});

describe('session duration', () => {
  it('runs from the start to now, stops at the end, and is unknown before the start', () => {
    const now = Date.parse(at(12, 5));
    expect(sessionDurationMs({ status: 'started', number: 1, startedAt: at(10) }, now)).toBe(125_000);
    expect(
      sessionDurationMs(
        { status: 'ended', number: 1, startedAt: at(0), endedAt: at(45), closed: false },
        now,
      ),
    ).toBe(45 * 60_000);
    expect(
      sessionDurationMs({ status: 'ended', number: 0, startedAt: null, endedAt: at(45), closed: true }, now),
    ).toBeNull();
    expect(sessionDurationMs({ status: 'not_started' }, now)).toBeNull();
  });

  it('reads as hours, minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(249_999)).toBe('0:04:09');
    expect(formatDuration((12 * 3600 + 30 * 60) * 1000)).toBe('12:30:00');
  });
});

describe('roles present', () => {
  it('counts each role present, in the roles order, leaving out absent roles', () => {
    const viewers = [viewer(1, 'participant'), viewer(2, 'animator'), viewer(3, 'participant')];
    expect(countRoles(viewers)).toEqual([
      { role: 'participant', count: 2 },
      { role: 'animator', count: 1 },
    ]);
  });
});

describe('chat messages per minute', () => {
  it('counts messages in each minute since the session started, up to now', () => {
    const chat = [message('a', at(1, 10)), message('b', at(1, 50)), message('c', at(3, 0))];
    expect(chatPerMinute(logOf(chat), at(0), Date.parse(at(4, 30)))).toEqual({
      minutes: [0, 1, 2, 3, 4],
      counts: [0, 2, 0, 1, 0],
    });
  });

  it('starts at the first message without a session start, and is empty without anything', () => {
    expect(chatPerMinute(logOf([message('a', at(5, 20))]), null, Date.parse(at(6, 30)))).toEqual({
      minutes: [0, 1],
      counts: [1, 0],
    });
    expect(chatPerMinute(emptyChatLog, null, Date.parse(at(6)))).toEqual({ minutes: [], counts: [] });
  });

  it('keeps only the most recent two hours', () => {
    const started = at(0);
    const now = Date.parse(started) + 200 * 60_000;
    const chat = [message('old', at(1)), message('recent', new Date(now).toISOString())];
    const { minutes, counts } = chatPerMinute(logOf(chat), started, now);
    expect(minutes).toHaveLength(CHART_MINUTES);
    expect(minutes[0]).toBe(81);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(counts.at(-1)).toBe(1);
  });
});
