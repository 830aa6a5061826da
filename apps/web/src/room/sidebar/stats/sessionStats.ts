// The figures of the animators' stats tab, computed from the live room state only (live-room spec,
// section 2): who is present and in which role, how long the session has run, and the chat's pace per
// minute for the chart. Pure, with the current time passed in.
import {
  CHAT_MINUTES_KEPT,
  type ChatLog,
  EVENT_ROLES,
  type EventRole,
  type SessionStatus,
  type Viewer,
} from '@lablive/domain';

const MINUTE_MS = 60_000;
/** The chart shows at most the last two hours, one bar per minute: as many as the room's state counts. */
export const CHART_MINUTES = CHAT_MINUTES_KEPT;

/** How long the session has run (or ran); null while it has not started. */
export function sessionDurationMs(session: SessionStatus, nowMs: number): number | null {
  switch (session.status) {
    case 'not_started':
      return null;
    case 'started':
      return Math.max(0, nowMs - Date.parse(session.startedAt));
    case 'ended':
      return session.startedAt === null
        ? null
        : Math.max(0, Date.parse(session.endedAt) - Date.parse(session.startedAt));
    default: {
      const unknown: never = session;
      throw new Error(`Unknown session status ${JSON.stringify(unknown)}`);
    }
  }
}

/** H:MM:SS, hours unpadded: 0:04:09, 12:30:00. */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

export function countRoles(viewers: readonly Viewer[]): { role: EventRole; count: number }[] {
  return EVENT_ROLES.map((role) => ({
    role,
    count: viewers.filter((viewer) => viewer.role === role).length,
  })).filter((entry) => entry.count > 0);
}

export type PerMinute = { minutes: number[]; counts: number[] };

/**
 * Chat messages per minute, counted from the session's start (or the first message, if earlier or
 * without a start) to now: x is the minute since that start, y the messages sent in it. The room's
 * state counts them per minute (chatLog.ts) for the last CHAT_MINUTES_KEPT minutes, whatever it still
 * holds of the messages themselves.
 */
export function chatPerMinute(
  chat: Pick<ChatLog, 'firstMinute' | 'perMinute'>,
  startedAt: string | null,
  nowMs: number,
): PerMinute {
  const origins = [
    ...(chat.firstMinute === null ? [] : [chat.firstMinute * MINUTE_MS]),
    ...(startedAt === null ? [] : [Date.parse(startedAt)]),
  ];
  if (origins.length === 0) return { minutes: [], counts: [] };
  const origin = Math.min(...origins);
  const lastCounted = chat.perMinute.at(-1)?.[0];
  const end = Math.max(nowMs, lastCounted === undefined ? nowMs : lastCounted * MINUTE_MS);
  const total = Math.floor((end - origin) / MINUTE_MS) + 1;
  const first = Math.max(0, total - CHART_MINUTES);
  const minutes = Array.from({ length: total - first }, (_, index) => first + index);
  const counts = minutes.map(() => 0);
  for (const [minute, count] of chat.perMinute) {
    const slot = Math.floor((minute * MINUTE_MS - origin) / MINUTE_MS) - first;
    if (slot >= 0 && slot < counts.length) counts[slot] = (counts[slot] ?? 0) + count;
  }
  return { minutes, counts };
}

/** The minutes to label on the x axis: whole ones, evenly spaced, six at most. */
export function minuteSplits(min: number, max: number): number[] {
  // `|| 0`: no -0 label.
  const first = Math.ceil(min) || 0;
  const last = Math.floor(max);
  const step = [1, 2, 5, 10, 15, 30, 60, 120].find((candidate) => (last - first) / candidate <= 5) ?? 120;
  const splits: number[] = [];
  for (let minute = first; minute <= last; minute += step) splits.push(minute);
  return splits;
}
