// The statistics of a room, folded from its stream: each session's length, who attended when (join and
// leave intervals, reconnections merged), talk time, messages, votes and requests to speak, the
// participant-minutes it consumed, and each poll's results. A pure fold over read-model rows
// (`evolveRoomStats(rows, event)`): the server's `sessions` projection loads a room's rows, folds a page
// of the room's events and writes back what changed; tests fold events in memory. docs/consumption.md
// says what counts as a consumed minute.
import type { SessionEvent } from '../rooms/roomEvents.ts';

/**
 * A leave followed by a join of the same person within this long is one stay: a dropped connection or
 * a page reload, not a departure (the interval is reopened instead of a new one added).
 */
export const RECONNECT_MERGE_MS = 60_000;

/** A session event as a projection sees it: the room it belongs to and the instant it happened. */
export type RoomLoggedEvent = {
  roomId: number;
  labId: number;
  /** `data.at` when the event carries one (the deciding clock), else when the log stored it. */
  at: string;
  event: SessionEvent;
};

export type PresentPerson = { participantId: number; name: string; role: string; since: string };

/** Where the fold stands in a room: the current session and who is in the room now. */
export type RoomCursor = {
  roomId: number;
  labId: number;
  /** The current (or last) session's number; 0 before the first. */
  sessionNumber: number;
  sessionOpen: boolean;
  /** Everyone in the room, in a session or not: a session that starts opens their intervals. */
  present: readonly PresentPerson[];
  /** Who speaks, since when (counted as talk time only while a session is open). */
  speaker: { participantId: number; since: string } | null;
};

export type SessionRow = {
  roomId: number;
  labId: number;
  number: number;
  startedAt: string;
  endedAt: string | null;
  /** Ended by staff closing the event: no session starts again. */
  closed: boolean;
  /** People who attended (one each, however many stays). */
  participantCount: number;
  /** Participant-milliseconds: the sum of every closed stay's length. */
  consumedMs: number;
  messages: number;
  votes: number;
  speakRequests: number;
  shares: number;
};

export type AttendanceInterval = { from: string; to: string | null };

export type AttendanceRow = {
  roomId: number;
  labId: number;
  sessionNumber: number;
  participantId: number;
  name: string;
  role: string;
  intervals: readonly AttendanceInterval[];
  presentMs: number;
  talkMs: number;
  messages: number;
  votes: number;
  speakRequests: number;
};

export type PollVoter = { participantId: number; answers: readonly number[] };

export type PollRow = {
  roomId: number;
  labId: number;
  pollId: string;
  /** The session it was first started in; null while it was only prepared. */
  sessionNumber: number | null;
  title: string;
  question: string;
  options: readonly string[];
  allowMultiple: boolean;
  counts: readonly number[];
  voters: readonly PollVoter[];
  startedAt: string | null;
  closedAt: string | null;
};

/** The rows of one room a page of its events can touch. Keys: see the `*Key` functions. */
export type RoomStatsRows = {
  room: RoomCursor;
  sessions: ReadonlyMap<number, SessionRow>;
  attendance: ReadonlyMap<string, AttendanceRow>;
  polls: ReadonlyMap<string, PollRow>;
};

export function attendanceKey(sessionNumber: number, participantId: number): string {
  return `${sessionNumber}:${participantId}`;
}

export function emptyRoomStats(roomId: number, labId: number): RoomStatsRows {
  return {
    room: { roomId, labId, sessionNumber: 0, sessionOpen: false, present: [], speaker: null },
    sessions: new Map(),
    attendance: new Map(),
    polls: new Map(),
  };
}

function msBetween(from: string, to: string): number {
  return Math.max(0, Date.parse(to) - Date.parse(from));
}

function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V): ReadonlyMap<K, V> {
  const copy = new Map(map);
  copy.set(key, value);
  return copy;
}

function currentSession(rows: RoomStatsRows): SessionRow | undefined {
  return rows.room.sessionOpen ? rows.sessions.get(rows.room.sessionNumber) : undefined;
}

function updateSession(rows: RoomStatsRows, change: (session: SessionRow) => SessionRow): RoomStatsRows {
  const session = currentSession(rows);
  if (session === undefined) return rows;
  return { ...rows, sessions: withEntry(rows.sessions, session.number, change(session)) };
}

/** Changes a person's row in the open session; nothing outside a session. */
function updateAttendee(
  rows: RoomStatsRows,
  participantId: number,
  change: (row: AttendanceRow) => AttendanceRow,
): RoomStatsRows {
  if (!rows.room.sessionOpen) return rows;
  const key = attendanceKey(rows.room.sessionNumber, participantId);
  const row = rows.attendance.get(key);
  if (row === undefined) return rows;
  return { ...rows, attendance: withEntry(rows.attendance, key, change(row)) };
}

/** Opens a stay for someone in the open session: a new person row, a new interval, or a merged one. */
function openStay(rows: RoomStatsRows, person: PresentPerson, at: string): RoomStatsRows {
  const session = currentSession(rows);
  if (session === undefined) return rows;
  const key = attendanceKey(session.number, person.participantId);
  const row = rows.attendance.get(key);
  if (row === undefined) {
    const fresh: AttendanceRow = {
      roomId: rows.room.roomId,
      labId: rows.room.labId,
      sessionNumber: session.number,
      participantId: person.participantId,
      name: person.name,
      role: person.role,
      intervals: [{ from: at, to: null }],
      presentMs: 0,
      talkMs: 0,
      messages: 0,
      votes: 0,
      speakRequests: 0,
    };
    return {
      ...rows,
      attendance: withEntry(rows.attendance, key, fresh),
      sessions: withEntry(rows.sessions, session.number, {
        ...session,
        participantCount: session.participantCount + 1,
      }),
    };
  }
  const last = row.intervals.at(-1);
  if (last !== undefined && last.to === null) return rows;
  const merged = last !== undefined && last.to !== null && msBetween(last.to, at) <= RECONNECT_MERGE_MS;
  const intervals = merged
    ? [...row.intervals.slice(0, -1), { from: last.from, to: null }]
    : [...row.intervals, { from: at, to: null }];
  // A merged stay is counted whole when it closes (from its first join), so the part counted when it
  // was cut is taken back here: the reconnection's gap counts as present.
  const countedMs = merged ? msBetween(last.from, last.to as string) : 0;
  const updated = {
    ...row,
    name: person.name,
    role: person.role,
    intervals,
    presentMs: row.presentMs - countedMs,
  };
  return {
    ...rows,
    attendance: withEntry(rows.attendance, key, updated),
    sessions: withEntry(rows.sessions, session.number, {
      ...session,
      consumedMs: session.consumedMs - countedMs,
    }),
  };
}

/** Closes someone's open stay in the open session, counting its length. */
function closeStay(rows: RoomStatsRows, participantId: number, at: string): RoomStatsRows {
  const session = currentSession(rows);
  if (session === undefined) return rows;
  const key = attendanceKey(session.number, participantId);
  const row = rows.attendance.get(key);
  const last = row?.intervals.at(-1);
  if (row === undefined || last === undefined || last.to !== null) return rows;
  const lengthMs = msBetween(last.from, at);
  const updated: AttendanceRow = {
    ...row,
    intervals: [...row.intervals.slice(0, -1), { from: last.from, to: at }],
    presentMs: row.presentMs + lengthMs,
  };
  return {
    ...rows,
    attendance: withEntry(rows.attendance, key, updated),
    sessions: withEntry(rows.sessions, session.number, {
      ...session,
      consumedMs: session.consumedMs + lengthMs,
    }),
  };
}

/** Counts the current speaker's talk up to `at` (in the open session) and hands the floor on. */
function changeSpeaker(rows: RoomStatsRows, next: number | null, at: string): RoomStatsRows {
  const { speaker } = rows.room;
  let changed = rows;
  if (speaker !== null) {
    const talkMs = msBetween(speaker.since, at);
    changed = updateAttendee(changed, speaker.participantId, (row) => ({
      ...row,
      talkMs: row.talkMs + talkMs,
    }));
  }
  return {
    ...changed,
    room: { ...changed.room, speaker: next === null ? null : { participantId: next, since: at } },
  };
}

function updatePoll(rows: RoomStatsRows, pollId: string, change: (poll: PollRow) => PollRow): RoomStatsRows {
  const poll = rows.polls.get(pollId);
  if (poll === undefined) return rows;
  return { ...rows, polls: withEntry(rows.polls, pollId, change(poll)) };
}

export function evolveRoomStats(rows: RoomStatsRows, logged: RoomLoggedEvent): RoomStatsRows {
  const { event, at } = logged;
  switch (event.type) {
    case 'ParticipantJoined': {
      const { participantId, name, role } = event.data;
      const others = rows.room.present.filter((person) => person.participantId !== participantId);
      const person = { participantId, name, role, since: at };
      const joined = { ...rows, room: { ...rows.room, present: [...others, person] } };
      return openStay(joined, person, at);
    }
    case 'ParticipantLeft': {
      const { participantId } = event.data;
      const closed = closeStay(rows, participantId, at);
      // decide hands the floor back before a speaker leaves; a stream that did not still ends their talk.
      const silenced =
        closed.room.speaker?.participantId === participantId ? changeSpeaker(closed, null, at) : closed;
      const present = silenced.room.present.filter((person) => person.participantId !== participantId);
      return { ...silenced, room: { ...silenced.room, present } };
    }
    case 'SessionStarted': {
      if (rows.room.sessionOpen) return rows;
      const number = event.data.session ?? rows.room.sessionNumber + 1;
      const session: SessionRow = {
        roomId: rows.room.roomId,
        labId: rows.room.labId,
        number,
        startedAt: at,
        endedAt: null,
        closed: false,
        participantCount: 0,
        consumedMs: 0,
        messages: 0,
        votes: 0,
        speakRequests: 0,
        shares: 0,
      };
      const { speaker } = rows.room;
      let started: RoomStatsRows = {
        ...rows,
        room: {
          ...rows.room,
          sessionNumber: number,
          sessionOpen: true,
          // Talk before the session is not counted: the floor is timed from the start.
          speaker: speaker === null ? null : { participantId: speaker.participantId, since: at },
        },
        sessions: withEntry(rows.sessions, number, session),
      };
      for (const person of rows.room.present) started = openStay(started, person, at);
      return started;
    }
    case 'SessionEnded': {
      const closedByStaff = event.data.closedByUserId !== undefined;
      if (!rows.room.sessionOpen) {
        // Staff closing an event whose last session an animator had ended: that session is now closed.
        const last = rows.sessions.get(rows.room.sessionNumber);
        if (!closedByStaff || last === undefined || last.closed) return rows;
        return { ...rows, sessions: withEntry(rows.sessions, last.number, { ...last, closed: true }) };
      }
      let ended = rows.room.speaker === null ? rows : changeSpeaker(rows, null, at);
      // The speaker stays the speaker after the session (timed again if a next one starts).
      ended = { ...ended, room: { ...ended.room, speaker: rows.room.speaker } };
      for (const person of rows.room.present) ended = closeStay(ended, person.participantId, at);
      ended = updateSession(ended, (session) => ({ ...session, endedAt: at, closed: closedByStaff }));
      return { ...ended, room: { ...ended.room, sessionOpen: false } };
    }
    case 'SpeakerChanged':
      return changeSpeaker(rows, event.data.participantId, at);
    case 'SpeakRequestChanged': {
      if (!event.data.requesting) return rows;
      const counted = updateSession(rows, (session) => ({
        ...session,
        speakRequests: session.speakRequests + 1,
      }));
      return updateAttendee(counted, event.data.participantId, (row) => ({
        ...row,
        speakRequests: row.speakRequests + 1,
      }));
    }
    case 'ChatMessageSent': {
      const counted = updateSession(rows, (session) => ({ ...session, messages: session.messages + 1 }));
      return updateAttendee(counted, event.data.from.participantId, (row) => ({
        ...row,
        messages: row.messages + 1,
      }));
    }
    case 'DocumentShared':
      return updateSession(rows, (session) => ({ ...session, shares: session.shares + 1 }));
    case 'PollCreated':
    case 'PollEdited': {
      const { pollId, title, question, options, allowMultiple } = event.data;
      const existing = rows.polls.get(pollId);
      const poll: PollRow = {
        roomId: rows.room.roomId,
        labId: rows.room.labId,
        pollId,
        sessionNumber: existing?.sessionNumber ?? null,
        title,
        question,
        options,
        allowMultiple,
        // Editing is refused once a poll has votes; a new option list starts its counts afresh.
        counts: existing?.options.length === options.length ? existing.counts : options.map(() => 0),
        voters: existing?.voters ?? [],
        startedAt: existing?.startedAt ?? null,
        closedAt: existing?.closedAt ?? null,
      };
      return { ...rows, polls: withEntry(rows.polls, pollId, poll) };
    }
    case 'PollStarted':
      return updatePoll(rows, event.data.pollId, (poll) => ({
        ...poll,
        sessionNumber: poll.sessionNumber ?? (rows.room.sessionOpen ? rows.room.sessionNumber : null),
        startedAt: poll.startedAt ?? at,
        closedAt: null,
      }));
    case 'PollAnswered': {
      const { pollId, participantId, answers } = event.data;
      if (!rows.polls.has(pollId)) return rows;
      const voted = updatePoll(rows, pollId, (poll) => ({
        ...poll,
        counts: poll.counts.map((count, index) => (answers.includes(index) ? count + 1 : count)),
        voters: [...poll.voters, { participantId, answers }],
      }));
      const counted = updateSession(voted, (session) => ({ ...session, votes: session.votes + 1 }));
      return updateAttendee(counted, participantId, (row) => ({ ...row, votes: row.votes + 1 }));
    }
    case 'PollClosed':
      return updatePoll(rows, event.data.pollId, (poll) => ({ ...poll, closedAt: at }));
    default:
      return rows;
  }
}

/** The instant of a stored event: its own `at` when it has one, else when the log stored it. */
export function eventInstant(event: SessionEvent, storedAt: Date | string): string {
  const data = event.data as { at?: unknown };
  if (typeof data.at === 'string') return data.at;
  return typeof storedAt === 'string' ? storedAt : storedAt.toISOString();
}

/** Minutes of a session as billed: its participant-milliseconds rounded up to the minute. */
export function consumedMinutes(consumedMs: number): number {
  return Math.ceil(consumedMs / 60_000);
}
