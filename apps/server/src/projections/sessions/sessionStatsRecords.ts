// The `sessions` projection's rows as its tables hold them (snake_case columns, instants as text or
// Date) and as the domain's fold takes them (RoomStatsRows), both ways.
import type { AttendanceRow, PollRow, RoomCursor, SessionRow } from '@lablive/domain';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : value;

export type CursorRecord = {
  room_id: number;
  lab_id: number;
  session_number: number;
  session_open: boolean;
  present: RoomCursor['present'];
  speaker: RoomCursor['speaker'];
};
export type SessionRecord = {
  room_id: number;
  session_number: number;
  lab_id: number;
  started_at: Date | string;
  ended_at: Date | string | null;
  closed: boolean;
  participant_count: number;
  consumed_ms: number;
  messages: number;
  votes: number;
  speak_requests: number;
  shares: number;
};
export type AttendanceRecord = {
  room_id: number;
  session_number: number;
  participant_id: number;
  lab_id: number;
  name: string;
  role: string;
  intervals: AttendanceRow['intervals'];
  present_ms: number;
  talk_ms: number;
  messages: number;
  votes: number;
  speak_requests: number;
};
export type PollRecord = {
  room_id: number;
  poll_id: string;
  lab_id: number;
  session_number: number | null;
  title: string;
  question: string;
  options: string[];
  allow_multiple: boolean;
  counts: number[];
  voters: PollRow['voters'];
  voter_count: number;
  started_at: Date | string | null;
  closed_at: Date | string | null;
};

export const toCursor = (r: CursorRecord): RoomCursor => ({
  roomId: r.room_id,
  labId: r.lab_id,
  sessionNumber: r.session_number,
  sessionOpen: r.session_open,
  present: r.present,
  speaker: r.speaker,
});
export const fromCursor = (c: RoomCursor): CursorRecord => ({
  room_id: c.roomId,
  lab_id: c.labId,
  session_number: c.sessionNumber,
  session_open: c.sessionOpen,
  present: c.present,
  speaker: c.speaker,
});
export const toSession = (r: SessionRecord): SessionRow => ({
  roomId: r.room_id,
  labId: r.lab_id,
  number: r.session_number,
  startedAt: iso(r.started_at) as string,
  endedAt: iso(r.ended_at),
  closed: r.closed,
  participantCount: r.participant_count,
  consumedMs: r.consumed_ms,
  messages: r.messages,
  votes: r.votes,
  speakRequests: r.speak_requests,
  shares: r.shares,
});
export const fromSession = (s: SessionRow): SessionRecord => ({
  room_id: s.roomId,
  session_number: s.number,
  lab_id: s.labId,
  started_at: s.startedAt,
  ended_at: s.endedAt,
  closed: s.closed,
  participant_count: s.participantCount,
  consumed_ms: s.consumedMs,
  messages: s.messages,
  votes: s.votes,
  speak_requests: s.speakRequests,
  shares: s.shares,
});
export const toAttendance = (r: AttendanceRecord): AttendanceRow => ({
  roomId: r.room_id,
  labId: r.lab_id,
  sessionNumber: r.session_number,
  participantId: r.participant_id,
  name: r.name,
  role: r.role,
  intervals: r.intervals,
  presentMs: r.present_ms,
  talkMs: r.talk_ms,
  messages: r.messages,
  votes: r.votes,
  speakRequests: r.speak_requests,
});
export const fromAttendance = (a: AttendanceRow): AttendanceRecord => ({
  room_id: a.roomId,
  session_number: a.sessionNumber,
  participant_id: a.participantId,
  lab_id: a.labId,
  name: a.name,
  role: a.role,
  intervals: a.intervals,
  present_ms: a.presentMs,
  talk_ms: a.talkMs,
  messages: a.messages,
  votes: a.votes,
  speak_requests: a.speakRequests,
});
export const toPoll = (r: PollRecord): PollRow => ({
  roomId: r.room_id,
  labId: r.lab_id,
  pollId: r.poll_id,
  sessionNumber: r.session_number,
  title: r.title,
  question: r.question,
  options: r.options,
  allowMultiple: r.allow_multiple,
  counts: r.counts,
  voters: r.voters,
  startedAt: iso(r.started_at),
  closedAt: iso(r.closed_at),
});
export const fromPoll = (p: PollRow): PollRecord => ({
  room_id: p.roomId,
  poll_id: p.pollId,
  lab_id: p.labId,
  session_number: p.sessionNumber,
  title: p.title,
  question: p.question,
  options: [...p.options],
  allow_multiple: p.allowMultiple,
  counts: [...p.counts],
  voters: p.voters,
  voter_count: p.voters.length,
  started_at: p.startedAt,
  closed_at: p.closedAt,
});
