// The meeting timer: elapsed time from the session's start, frozen at its end, and how it reads.
import { describe, expect, it } from 'vitest';
import { formatElapsed, isoDuration, sessionElapsedMs } from './elapsed.ts';

const startedAt = '2026-03-01T09:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('meeting timer', () => {
  it('counts from the start of the session', () => {
    expect(sessionElapsedMs({ status: 'not_started' }, at('2026-03-01T09:30:00Z'))).toBe(0);
    expect(sessionElapsedMs({ status: 'started', number: 1, startedAt }, at('2026-03-01T09:01:05Z'))).toBe(
      65_000,
    );
  });

  it('stops at the end, and never counts backwards from a clock behind the server', () => {
    const ended = {
      status: 'ended',
      number: 1,
      startedAt,
      endedAt: '2026-03-01T10:30:00.000Z',
      closed: false,
    } as const;

    expect(sessionElapsedMs(ended, at('2026-03-01T12:00:00Z'))).toBe(5_400_000);
    expect(sessionElapsedMs({ status: 'started', number: 1, startedAt }, at('2026-03-01T08:59:58Z'))).toBe(0);
    expect(
      sessionElapsedMs({ status: 'ended', number: 0, startedAt: null, endedAt: startedAt, closed: true }, 0),
    ).toBe(0);
  });

  it('reads as minutes and seconds, with hours once past one', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65_999)).toBe('01:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(isoDuration(3_723_000)).toBe('PT1H2M3S');
  });
});
