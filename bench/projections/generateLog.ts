// A realistic log for the projections benchmark, written fast: one lab with the stats module, an admin,
// documents, closed events with their rooms and participants (the rows the statistics join to), and
// every room's one session as its stream of session events (sessionScript.ts). Sessions run in waves of
// `concurrentSessions` at once (a morning's events), so their events interleave in the log as a live
// server's would; the waves are spread over the `days` before now. Events go in by tens of thousands per
// statement (INSERT … SELECT FROM json_to_recordset), each with its instant as occurred_at, versions 1..n
// per stream, and session_streams gets each stream's version. Each event is closed at its last session's
// end (events.end_date), as staff closing it would leave it.
import { randomUUID } from 'node:crypto';
import { roomStreamId, type SharedDocument } from '@lablive/domain';
import type { Db } from '@lablive/server/tooling';
import { createLab, createUser } from '@lablive/testkit/fixtures';
import { sql } from 'kysely';
import { type ScriptedEvent, type SessionPerson, sessionScript } from './sessionScript.ts';

export type LogPlan = {
  /** Rooms, one session each. */
  sessions: number;
  eventsPerSession: number;
  /** Everyone in a session's room: one animator, the others guests. */
  peoplePerSession: number;
  /** Rooms of one (business) event; their sessions run together. */
  roomsPerEvent: number;
  /** Sessions running at the same time (a multiple of roomsPerEvent). */
  concurrentSessions: number;
  sessionMinutes: number;
  /** The waves of sessions are spread over this many days before now. */
  days: number;
};

/** Issue 18's log: 1,000 sessions, 1,000,000 events. */
export const FULL_LOG: LogPlan = {
  sessions: 1000,
  eventsPerSession: 1000,
  peoplePerSession: 20,
  roomsPerEvent: 2,
  concurrentSessions: 20,
  sessionMinutes: 60,
  days: 360,
};

export type GeneratedLog = {
  plan: LogPlan;
  labId: number;
  adminEmail: string;
  adminPassword: string;
  eventIds: number[];
  roomIds: number[];
  events: number;
  /** Seconds the whole generation took (rows and log). */
  seconds: number;
};

const ROWS_PER_STATEMENT = 10_000;
const DOCUMENTS = 12;
export const BENCH_ADMIN_PASSWORD = 'bench-projections';

type EventRow = {
  slug: string;
  name: string;
  planned_start_date: string;
  planned_end_date: string;
  start_date: string;
  end_date: string;
  rooms_needed: number;
};

/** When session `index` starts: waves of concurrent sessions a minute apart, the waves spread over the days. */
function sessionStart(plan: LogPlan, index: number, now: number): number {
  const waves = Math.ceil(plan.sessions / plan.concurrentSessions);
  const span = plan.days * 86_400_000;
  const spacing = span / waves;
  const wave = Math.floor(index / plan.concurrentSessions);
  // Waves start at 08:00 UTC of their day when they are a day or more apart.
  const waveStart = now - span + wave * spacing;
  const day =
    spacing >= 86_400_000 ? Math.floor(waveStart / 86_400_000) * 86_400_000 + 8 * 3_600_000 : waveStart;
  return day + (index % plan.concurrentSessions) * 60_000;
}

export async function generateLog(
  db: Db,
  plan: LogPlan,
  options: { name?: string; log?: (line: string) => void; now?: Date } = {},
): Promise<GeneratedLog> {
  const log = options.log ?? (() => {});
  if (plan.concurrentSessions % plan.roomsPerEvent !== 0)
    throw new Error('concurrentSessions must be a multiple of roomsPerEvent');
  const started = performance.now();
  // The last wave ends a day before now at the latest.
  const now = (options.now ?? new Date()).getTime() - 86_400_000;
  const name = options.name ?? 'Bench Projections Lab';
  const labId = await createLab(db, name, ['stats', 'polls', 'share_document']);
  await db.updateTable('labs').set({ plan_minutes: 10_000_000 }).where('id', '=', labId).execute();
  const adminEmail = `admin-${labId}@bench.test`;
  const adminId = await createUser(db, {
    labId,
    email: adminEmail,
    password: BENCH_ADMIN_PASSWORD,
    role: 'admin',
    permissions: ['view_consumption'],
  });
  const documents: SharedDocument[] = (
    await db
      .insertInto('documents')
      .values(
        Array.from({ length: DOCUMENTS }, (_, index) => ({
          lab_id: labId,
          name: `Document ${index + 1}`,
          extension: index % 3 === 0 ? 'pptx' : 'pdf',
          storage_key: `bench/${labId}/${index}`,
        })),
      )
      .returning(['id', 'name', 'extension'])
      .execute()
  ).map((row) => ({ id: row.id, name: row.name, extension: row.extension }));

  // The business events, closed at their sessions' end (with the closing a few seconds later).
  const eventCount = Math.ceil(plan.sessions / plan.roomsPerEvent);
  const eventRows: EventRow[] = Array.from({ length: eventCount }, (_, index) => {
    const first = sessionStart(plan, index * plan.roomsPerEvent, now);
    const last = sessionStart(plan, Math.min(plan.sessions - 1, (index + 1) * plan.roomsPerEvent - 1), now);
    const end = last + plan.sessionMinutes * 60_000;
    return {
      slug: `bench-${labId}-${index}`,
      name: `Bench event ${index + 1}`,
      planned_start_date: new Date(first - 600_000).toISOString(),
      planned_end_date: new Date(end).toISOString(),
      start_date: new Date(first - 600_000).toISOString(),
      end_date: new Date(end + 10_000).toISOString(),
      rooms_needed: plan.roomsPerEvent,
    };
  });
  const eventIds: number[] = [];
  for (let from = 0; from < eventRows.length; from += ROWS_PER_STATEMENT) {
    const chunk = eventRows.slice(from, from + ROWS_PER_STATEMENT);
    const { rows } = await sql<{ id: number; slug: string }>`
      INSERT INTO events (lab_id, owner_id, name, slug, is_public, active, planned_start_date,
        planned_end_date, start_date, end_date, rooms_needed)
      SELECT ${labId}, ${adminId}, r.name, r.slug, false, false, r.planned_start_date, r.planned_end_date,
        r.start_date, r.end_date, r.rooms_needed
      FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS r(slug text, name text,
        planned_start_date timestamptz, planned_end_date timestamptz, start_date timestamptz,
        end_date timestamptz, rooms_needed integer)
      RETURNING id, slug`.execute(db);
    const bySlug = new Map(rows.map((row) => [row.slug, Number(row.id)]));
    for (const row of chunk) eventIds.push(bySlug.get(row.slug) ?? 0);
  }
  // Rooms: the i-th session is room i % roomsPerEvent of event floor(i / roomsPerEvent).
  await sql`
    INSERT INTO rooms (event_id, lab_id, name)
    SELECT e.id, ${labId}, 'Room ' || g
    FROM unnest(${eventIds}::bigint[]) WITH ORDINALITY AS e(id, n), generate_series(1, ${plan.roomsPerEvent}) g
    ORDER BY e.n, g`.execute(db);
  const roomIds = (
    await db.selectFrom('rooms').select('id').where('lab_id', '=', labId).orderBy('id').execute()
  )
    .map((row) => Number(row.id))
    .slice(0, plan.sessions);
  // People: an animator and guests per room, each with an invitation (the closed list counts them).
  await sql`
    INSERT INTO participants (event_id, lab_id, room_id, email, name, role)
    SELECT r.event_id, r.lab_id, r.id, 'p' || g || '-r' || r.id || '@bench.test',
      CASE WHEN g = 0 THEN 'Animator ' || r.id ELSE 'Guest ' || g || ' of room ' || r.id END,
      CASE WHEN g = 0 THEN 'animator' ELSE 'participant' END
    FROM rooms r, generate_series(0, ${plan.peoplePerSession - 1}) g
    WHERE r.lab_id = ${labId}`.execute(db);
  await sql`
    INSERT INTO event_invitations (event_id, participant_id, room_id, role)
    SELECT event_id, id, room_id, role FROM participants WHERE lab_id = ${labId}`.execute(db);
  const peopleRows = await db
    .selectFrom('participants')
    .select(['id', 'room_id', 'email', 'name', 'role'])
    .where('lab_id', '=', labId)
    .orderBy('room_id')
    .orderBy('id')
    .execute();
  const peopleOf = new Map<number, SessionPerson[]>();
  for (const row of peopleRows) {
    const roomId = Number(row.room_id);
    const list = peopleOf.get(roomId) ?? [];
    list.push({
      participantId: Number(row.id),
      name: row.name,
      email: row.email,
      role: row.role === 'animator' ? 'animator' : 'participant',
      userId: null,
    });
    peopleOf.set(roomId, list);
  }
  log(`${eventIds.length} events, ${roomIds.length} rooms, ${peopleRows.length} participants`);

  // The log, a wave at a time: the next wave is scripted while the previous one is written.
  let written = 0;
  let writing: Promise<void> = Promise.resolve();
  let lastReport = performance.now();
  for (let first = 0; first < plan.sessions; first += plan.concurrentSessions) {
    const wave: Array<{ roomId: number; scripted: ScriptedEvent }> = [];
    for (let index = first; index < Math.min(plan.sessions, first + plan.concurrentSessions); index++) {
      const roomId = roomIds[index] ?? 0;
      const events = sessionScript({
        roomId,
        labId,
        startMs: sessionStart(plan, index, now),
        minutes: plan.sessionMinutes,
        events: plan.eventsPerSession,
        people: peopleOf.get(roomId) ?? [],
        closedByUserId: adminId,
        documents,
        seed: roomId,
      });
      for (const scripted of events) wave.push({ roomId, scripted });
    }
    // Interleaved as they happened; each stream keeps its own order (the scripts are sorted already).
    const ordered = wave.map((each, index) => ({ each, index }));
    ordered.sort((a, b) => a.each.scripted.atMs - b.each.scripted.atMs || a.index - b.index);
    const versions = new Map<number, number>();
    const rows = ordered.map(({ each: { roomId, scripted } }) => {
      const version = (versions.get(roomId) ?? 0) + 1;
      versions.set(roomId, version);
      return {
        stream_id: roomStreamId(roomId),
        stream_version: version,
        type: scripted.event.type,
        data: scripted.event.data,
        metadata: scripted.metadata,
        event_id: randomUUID(),
        occurred_at: new Date(scripted.atMs).toISOString(),
      };
    });
    await writing;
    writing = writeWave(db, rows, versions);
    written += rows.length;
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      log(`${written} of about ${plan.sessions * plan.eventsPerSession} session events written`);
    }
  }
  await writing;
  await sql`ANALYZE session_events`.execute(db);
  await sql`ANALYZE events`.execute(db);
  await sql`ANALYZE rooms`.execute(db);
  await sql`ANALYZE participants`.execute(db);
  const seconds = (performance.now() - started) / 1000;
  log(`${written} session events in ${plan.sessions} sessions written in ${seconds.toFixed(1)} s`);
  return {
    plan,
    labId,
    adminEmail,
    adminPassword: BENCH_ADMIN_PASSWORD,
    eventIds,
    roomIds,
    events: written,
    seconds,
  };
}

type LogRow = {
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  event_id: string;
  occurred_at: string;
};

async function writeWave(db: Db, rows: readonly LogRow[], versions: ReadonlyMap<number, number>) {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT);
    // In the array's order: global positions follow the instants.
    await sql`
      INSERT INTO session_events (stream_id, stream_version, type, schema_version, data, metadata,
        event_id, occurred_at)
      SELECT r.stream_id, r.stream_version, r.type, 1, r.data, r.metadata, r.event_id, r.occurred_at
      FROM ROWS FROM (json_to_recordset(${JSON.stringify(chunk)}::json) AS (stream_id text,
        stream_version bigint, type text, data jsonb, metadata jsonb, event_id uuid,
        occurred_at timestamptz)) WITH ORDINALITY AS r(stream_id, stream_version, type, data, metadata,
        event_id, occurred_at, n)
      ORDER BY r.n`.execute(db);
  }
  const streams = [...versions].map(([roomId, version]) => ({ stream_id: roomStreamId(roomId), version }));
  await sql`
    INSERT INTO session_streams (stream_id, version)
    SELECT r.stream_id, r.version FROM json_to_recordset(${JSON.stringify(streams)}::json)
      AS r(stream_id text, version bigint)
    ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, updated_at = now()`.execute(db);
}
