// The meeting timer's arithmetic: how long the session has run, as the timer shows it.
import type { SessionStatus } from '@lablive/domain';

/** Milliseconds the session has run at `now`: zero before it starts, frozen at its end. */
export function sessionElapsedMs(session: SessionStatus, now: number): number {
  switch (session.status) {
    case 'not_started':
      return 0;
    case 'started':
      return Math.max(0, now - Date.parse(session.startedAt));
    case 'ended':
      return session.startedAt === null
        ? 0
        : Math.max(0, Date.parse(session.endedAt) - Date.parse(session.startedAt));
    default: {
      const unhandled: never = session;
      throw new Error(`Unhandled session status ${JSON.stringify(unhandled)}`);
    }
  }
}

const two = (value: number) => String(value).padStart(2, '0');

/** "07:05" under an hour, "1:02:03" past it. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** ISO 8601 duration for <time dateTime>, e.g. PT1H2M3S. */
export function isoDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${total % 60}S`;
}
