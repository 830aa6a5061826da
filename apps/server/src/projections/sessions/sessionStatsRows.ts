// The `sessions` projection's rows in a generation's tables: loading the rows a page of events touches
// and writing back the ones the fold changed, each table in one statement whatever the page holds.
// Rows travel as JSON (jsonb_populate_recordset): one parameter per table, no statement per row.
import {
  type AttendanceRow,
  attendanceKey,
  type PollRow,
  type RoomCursor,
  type RoomStatsRows,
  type SessionRow,
} from '@lablive/domain';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ProjectionTables } from '../projection.ts';

type Trx = Transaction<Database>;

/** The generation's tables; the views of the same names are what the stats API reads. */
export const SESSION_READ_MODELS = [
  'stats_rooms',
  'stats_sessions',
  'stats_attendance',
  'stats_polls',
  'stats_document_shares',
] as const;

export async function createSessionTables(trx: Trx, tables: ProjectionTables): Promise<void> {
  const t = (name: (typeof SESSION_READ_MODELS)[number]) => sql.table(tables.tableOf(name));
  await sql`
    CREATE TABLE ${t('stats_rooms')} (
      room_id bigint PRIMARY KEY,
      lab_id bigint NOT NULL,
      session_number integer NOT NULL,
      session_open boolean NOT NULL,
      present jsonb NOT NULL,
      speaker jsonb
    )`.execute(trx);
  await sql`
    CREATE TABLE ${t('stats_sessions')} (
      room_id bigint NOT NULL,
      session_number integer NOT NULL,
      lab_id bigint NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      closed boolean NOT NULL,
      participant_count integer NOT NULL,
      consumed_ms bigint NOT NULL,
      messages integer NOT NULL,
      votes integer NOT NULL,
      speak_requests integer NOT NULL,
      shares integer NOT NULL,
      PRIMARY KEY (room_id, session_number)
    )`.execute(trx);
  await sql`CREATE INDEX ON ${t('stats_sessions')} (lab_id, started_at)`.execute(trx);
  await sql`
    CREATE TABLE ${t('stats_attendance')} (
      room_id bigint NOT NULL,
      session_number integer NOT NULL,
      participant_id bigint NOT NULL,
      lab_id bigint NOT NULL,
      name text NOT NULL,
      role text NOT NULL,
      intervals jsonb NOT NULL,
      present_ms bigint NOT NULL,
      talk_ms bigint NOT NULL,
      messages integer NOT NULL,
      votes integer NOT NULL,
      speak_requests integer NOT NULL,
      PRIMARY KEY (room_id, session_number, participant_id)
    )`.execute(trx);
  await sql`
    CREATE TABLE ${t('stats_polls')} (
      room_id bigint NOT NULL,
      poll_id text NOT NULL,
      lab_id bigint NOT NULL,
      session_number integer,
      title text NOT NULL,
      question text NOT NULL,
      options jsonb NOT NULL,
      allow_multiple boolean NOT NULL,
      counts jsonb NOT NULL,
      voters jsonb NOT NULL,
      voter_count integer NOT NULL,
      started_at timestamptz,
      closed_at timestamptz,
      PRIMARY KEY (room_id, poll_id)
    )`.execute(trx);
  await sql`CREATE INDEX ON ${t('stats_polls')} (lab_id, started_at DESC)`.execute(trx);
  await sql`
    CREATE TABLE ${t('stats_document_shares')} (
      lab_id bigint NOT NULL,
      document_id bigint NOT NULL,
      name text NOT NULL,
      extension text NOT NULL,
      share_count integer NOT NULL,
      PRIMARY KEY (lab_id, document_id)
    )`.execute(trx);
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : value;

type CursorRecord = {
  room_id: number;
  lab_id: number;
  session_number: number;
  session_open: boolean;
  present: RoomCursor['present'];
  speaker: RoomCursor['speaker'];
};
type SessionRecord = {
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
type AttendanceRecord = {
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
type PollRecord = {
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

const toCursor = (r: CursorRecord): RoomCursor => ({
  roomId: r.room_id,
  labId: r.lab_id,
  sessionNumber: r.session_number,
  sessionOpen: r.session_open,
  present: r.present,
  speaker: r.speaker,
});
const fromCursor = (c: RoomCursor): CursorRecord => ({
  room_id: c.roomId,
  lab_id: c.labId,
  session_number: c.sessionNumber,
  session_open: c.sessionOpen,
  present: c.present,
  speaker: c.speaker,
});
const toSession = (r: SessionRecord): SessionRow => ({
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
const fromSession = (s: SessionRow): SessionRecord => ({
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
const toAttendance = (r: AttendanceRecord): AttendanceRow => ({
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
const fromAttendance = (a: AttendanceRow): AttendanceRecord => ({
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
const toPoll = (r: PollRecord): PollRow => ({
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
const fromPoll = (p: PollRow): PollRecord => ({
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

/** The rows of these rooms a page can touch: their cursor, current session and its attendance, polls. */
export async function loadRoomStats(
  trx: Trx,
  tables: ProjectionTables,
  roomIds: readonly number[],
  pollIds: readonly string[],
): Promise<Map<number, RoomStatsRows>> {
  const rooms = sql.table(tables.tableOf('stats_rooms'));
  const ids = sql`${[...roomIds]}::bigint[]`;
  const [cursors, sessions, attendance, polls] = await Promise.all([
    sql<CursorRecord>`SELECT * FROM ${rooms} WHERE room_id = ANY(${ids})`.execute(trx),
    sql<SessionRecord>`
      SELECT s.* FROM ${sql.table(tables.tableOf('stats_sessions'))} s
      JOIN ${rooms} r ON r.room_id = s.room_id AND r.session_number = s.session_number
      WHERE r.room_id = ANY(${ids})`.execute(trx),
    sql<AttendanceRecord>`
      SELECT a.* FROM ${sql.table(tables.tableOf('stats_attendance'))} a
      JOIN ${rooms} r ON r.room_id = a.room_id AND r.session_number = a.session_number
      WHERE r.room_id = ANY(${ids})`.execute(trx),
    pollIds.length === 0
      ? Promise.resolve({ rows: [] as PollRecord[] })
      : sql<PollRecord>`
          SELECT * FROM ${sql.table(tables.tableOf('stats_polls'))}
          WHERE room_id = ANY(${ids}) AND poll_id = ANY(${[...pollIds]}::text[])`.execute(trx),
  ]);
  const loaded = new Map<number, RoomStatsRows>();
  for (const record of cursors.rows) {
    loaded.set(record.room_id, {
      room: toCursor(record),
      sessions: new Map(),
      attendance: new Map(),
      polls: new Map(),
    });
  }
  const into = (roomId: number) => loaded.get(roomId);
  for (const record of sessions.rows) {
    const rows = into(record.room_id);
    if (rows) (rows.sessions as Map<number, SessionRow>).set(record.session_number, toSession(record));
  }
  for (const record of attendance.rows) {
    const rows = into(record.room_id);
    if (rows) {
      (rows.attendance as Map<string, AttendanceRow>).set(
        attendanceKey(record.session_number, record.participant_id),
        toAttendance(record),
      );
    }
  }
  for (const record of polls.rows) {
    const rows = into(record.room_id);
    if (rows) (rows.polls as Map<string, PollRow>).set(record.poll_id, toPoll(record));
  }
  return loaded;
}

function changed<V>(before: ReadonlyMap<unknown, V> | undefined, after: ReadonlyMap<unknown, V>): V[] {
  const rows: V[] = [];
  for (const [key, value] of after) if (before?.get(key) !== value) rows.push(value);
  return rows;
}

async function upsert(
  trx: Trx,
  table: string,
  key: readonly string[],
  columns: readonly string[],
  records: readonly object[],
): Promise<void> {
  if (records.length === 0) return;
  const target = sql.table(table);
  const updates = columns.filter((column) => !key.includes(column));
  const set: RawBuilder<unknown> = sql.join(
    updates.map((column) => sql`${sql.ref(column)} = EXCLUDED.${sql.ref(column)}`),
  );
  await sql`
    INSERT INTO ${target}
    SELECT * FROM jsonb_populate_recordset(NULL::${target}, ${JSON.stringify(records)}::jsonb)
    ON CONFLICT (${sql.join(key.map((column) => sql.ref(column)))}) DO UPDATE SET ${set}`.execute(trx);
}

/** Writes the rows the fold changed (compared by identity with what was loaded). */
export async function saveRoomStats(
  trx: Trx,
  tables: ProjectionTables,
  before: ReadonlyMap<number, RoomStatsRows>,
  after: ReadonlyMap<number, RoomStatsRows>,
): Promise<void> {
  const cursors: CursorRecord[] = [];
  const sessions: SessionRecord[] = [];
  const attendance: AttendanceRecord[] = [];
  const polls: PollRecord[] = [];
  for (const [roomId, rows] of after) {
    const old = before.get(roomId);
    if (old?.room !== rows.room) cursors.push(fromCursor(rows.room));
    sessions.push(...changed(old?.sessions, rows.sessions).map(fromSession));
    attendance.push(...changed(old?.attendance, rows.attendance).map(fromAttendance));
    polls.push(...changed(old?.polls, rows.polls).map(fromPoll));
  }
  const columnsOf = (record: object | undefined) => Object.keys(record ?? {});
  await upsert(trx, tables.tableOf('stats_rooms'), ['room_id'], columnsOf(cursors[0]), cursors);
  await upsert(
    trx,
    tables.tableOf('stats_sessions'),
    ['room_id', 'session_number'],
    columnsOf(sessions[0]),
    sessions,
  );
  await upsert(
    trx,
    tables.tableOf('stats_attendance'),
    ['room_id', 'session_number', 'participant_id'],
    columnsOf(attendance[0]),
    attendance,
  );
  await upsert(trx, tables.tableOf('stats_polls'), ['room_id', 'poll_id'], columnsOf(polls[0]), polls);
}

export type DocumentShareCount = {
  labId: number;
  documentId: number;
  name: string;
  extension: string;
  count: number;
};

/** Adds a page's shares to each document's count (sums commute: no fold state needed). */
export async function addDocumentShares(
  trx: Trx,
  tables: ProjectionTables,
  shares: readonly DocumentShareCount[],
): Promise<void> {
  if (shares.length === 0) return;
  const target = sql.table(tables.tableOf('stats_document_shares'));
  const records = shares.map((share) => ({
    lab_id: share.labId,
    document_id: share.documentId,
    name: share.name,
    extension: share.extension,
    share_count: share.count,
  }));
  await sql`
    INSERT INTO ${target}
    SELECT * FROM jsonb_populate_recordset(NULL::${target}, ${JSON.stringify(records)}::jsonb)
    ON CONFLICT (lab_id, document_id) DO UPDATE
    SET share_count = ${target}.share_count + EXCLUDED.share_count, name = EXCLUDED.name,
        extension = EXCLUDED.extension`.execute(trx);
}
