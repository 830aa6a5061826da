// The `sessions` projection's rows in a generation's tables: loading the rows a page of events touches
// and writing back the ones the fold changed, each table in one statement whatever the page holds
// (jsonRows.ts). The records' shapes, and their mapping to the domain's rows: sessionStatsRecords.ts.
import {
  type AttendanceRow,
  attendanceKey,
  type PollRow,
  type RoomStatsRows,
  type SessionRow,
} from '@lablive/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeRows } from '../jsonRows.ts';
import type { ProjectionTables } from '../projection.ts';
import {
  type AttendanceRecord,
  type CursorRecord,
  fromAttendance,
  fromCursor,
  fromPoll,
  fromSession,
  type PollRecord,
  type SessionRecord,
  toAttendance,
  toCursor,
  toPoll,
  toSession,
} from './sessionStatsRecords.ts';

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
  const replace = (table: string, key: string[], records: readonly object[]) =>
    writeRows(trx, tables.tableOf(table), records, { key, onConflict: 'replace' });
  await replace('stats_rooms', ['room_id'], cursors);
  await replace('stats_sessions', ['room_id', 'session_number'], sessions);
  await replace('stats_attendance', ['room_id', 'session_number', 'participant_id'], attendance);
  await replace('stats_polls', ['room_id', 'poll_id'], polls);
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
  const table = tables.tableOf('stats_document_shares');
  const records = shares.map((share) => ({
    lab_id: share.labId,
    document_id: share.documentId,
    name: share.name,
    extension: share.extension,
    share_count: share.count,
  }));
  await writeRows(trx, table, records, {
    key: ['lab_id', 'document_id'],
    onConflict: sql`share_count = ${sql.table(table)}.share_count + EXCLUDED.share_count,
      name = EXCLUDED.name, extension = EXCLUDED.extension`,
  });
}
