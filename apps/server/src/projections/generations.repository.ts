// The generations of each projection (projection_generations), their checkpoints and the views that
// point readers at the live one. Plain functions taking `db | trx`, as every repository here.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database, ProjectionGenerationsTable } from '../db/schema.ts';
import { saveCheckpoint } from '../event-store/checkpoints.ts';
import type { LogPosition } from '../event-store/types.ts';
import type { Projection, ProjectionTables } from './projection.ts';

type Executor = Kysely<Database>;
export type Generation = {
  projection: string;
  generation: number;
  version: number;
  status: ProjectionGenerationsTable['status'];
  liveSince: Date | null;
  failure: { at: Date; position: LogPosition | null; eventId: string | null; error: string } | null;
};

/** The log's beginning as a checkpoint: every event comes after it. */
export const LOG_START: LogPosition = { transactionId: '0', globalPosition: 0 };

export function checkpointName(projection: string, generation: number): string {
  return `${projection}@${generation}`;
}

export function generationTables(generation: number): ProjectionTables {
  return { tableOf: (name) => `${name}_g${generation}` };
}

function toGeneration(row: {
  projection: string;
  generation: number;
  version: number;
  status: ProjectionGenerationsTable['status'];
  live_since: Date | null;
  failed_at: Date | null;
  failed_transaction_id: string | null;
  failed_global_position: number | null;
  failed_event_id: string | null;
  error: string | null;
}): Generation {
  const position =
    row.failed_transaction_id === null || row.failed_global_position === null
      ? null
      : { transactionId: String(row.failed_transaction_id), globalPosition: row.failed_global_position };
  return {
    projection: row.projection,
    generation: row.generation,
    version: row.version,
    status: row.status,
    liveSince: row.live_since,
    failure:
      row.failed_at === null
        ? null
        : { at: row.failed_at, position, eventId: row.failed_event_id, error: row.error ?? '' },
  };
}

/** The projection's generations not retired, in order: the live one and any being rebuilt. */
const currentGenerations = (db: Executor, projection: string) =>
  db
    .selectFrom('projection_generations')
    .selectAll()
    .where('projection', '=', projection)
    .where('status', '<>', 'retired')
    .orderBy('generation');

export async function findGenerations(db: Executor, projection: string): Promise<Generation[]> {
  const rows = await currentGenerations(db, projection).execute();
  return rows.map(toGeneration);
}

/** Locks the projection's current generations until the transaction ends (a swap takes them all). */
export async function lockGenerations(trx: Transaction<Database>, projection: string): Promise<Generation[]> {
  const rows = await currentGenerations(trx, projection).forUpdate().execute();
  return rows.map(toGeneration);
}

/** The generation's status, read under a share lock: a swap waits for the page being applied. */
export async function generationStatus(
  trx: Transaction<Database>,
  projection: string,
  generation: number,
): Promise<ProjectionGenerationsTable['status'] | undefined> {
  const row = await trx
    .selectFrom('projection_generations')
    .select('status')
    .where('projection', '=', projection)
    .where('generation', '=', generation)
    .forShare()
    .executeTakeFirst();
  return row?.status;
}

/**
 * Creates the next generation of a projection with its tables and a checkpoint at the log's start. The
 * first generation of a projection goes live at once (there is nothing older to serve); later ones
 * are built beside the live one.
 */
export async function createGeneration(
  trx: Transaction<Database>,
  projection: Projection,
  status: 'building' | 'live',
): Promise<Generation> {
  // Serialises two creators (a server and the command line) on the projection's name ("LC": not the
  // namespace of the leases, which the creator's own instance may hold).
  await sql`SELECT pg_advisory_xact_lock(${0x4c43}, hashtext(${projection.name}))`.execute(trx);
  const existing = await trx
    .selectFrom('projection_generations')
    .selectAll()
    .where('projection', '=', projection.name)
    .where('status', '=', status)
    .executeTakeFirst();
  if (existing !== undefined) return toGeneration(existing);
  const last = await trx
    .selectFrom('projection_generations')
    .select((eb) => eb.fn.max('generation').as('generation'))
    .where('projection', '=', projection.name)
    .executeTakeFirst();
  const generation = (last?.generation ?? 0) + 1;
  const tables = generationTables(generation);
  // A crash between creating tables and committing leaves nothing: DDL is transactional here.
  for (const name of projection.readModels) {
    await sql`DROP TABLE IF EXISTS ${sql.table(tables.tableOf(name))}`.execute(trx);
  }
  await projection.createTables(trx, tables);
  const row = await trx
    .insertInto('projection_generations')
    .values({
      projection: projection.name,
      generation,
      version: projection.version,
      status,
      live_since: status === 'live' ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await saveCheckpoint(trx, checkpointName(projection.name, generation), LOG_START);
  if (status === 'live') await pointViews(trx, projection, generation);
  return toGeneration(row);
}

/** Points the read models' views at a generation's tables. */
export async function pointViews(
  trx: Transaction<Database>,
  projection: Projection,
  generation: number,
): Promise<void> {
  const tables = generationTables(generation);
  for (const name of projection.readModels) {
    // Dropped and created (not replaced): a new version may change a table's columns.
    await sql`DROP VIEW IF EXISTS ${sql.table(name)}`.execute(trx);
    await sql`CREATE VIEW ${sql.table(name)} AS SELECT * FROM ${sql.table(tables.tableOf(name))}`.execute(
      trx,
    );
  }
}

/** Makes `generation` the live one and retires the one it replaces, in the caller's transaction. */
export async function promote(
  trx: Transaction<Database>,
  projection: Projection,
  generation: number,
): Promise<void> {
  await trx
    .updateTable('projection_generations')
    .set({ status: 'retired' })
    .where('projection', '=', projection.name)
    .where('status', '=', 'live')
    .execute();
  await trx
    .updateTable('projection_generations')
    .set({ status: 'live', live_since: new Date() })
    .where('projection', '=', projection.name)
    .where('generation', '=', generation)
    .execute();
  await pointViews(trx, projection, generation);
}

/** Drops the tables and checkpoints of retired generations (after a swap, or one interrupted before). */
export async function dropRetired(db: Db, projection: Projection): Promise<void> {
  const retired = await db
    .selectFrom('projection_generations')
    .select('generation')
    .where('projection', '=', projection.name)
    .where('status', '=', 'retired')
    .execute();
  for (const { generation } of retired) {
    await db.transaction().execute(async (trx) => {
      const tables = generationTables(generation);
      for (const name of projection.readModels) {
        await sql`DROP TABLE IF EXISTS ${sql.table(tables.tableOf(name))}`.execute(trx);
      }
      await trx
        .deleteFrom('projection_checkpoints')
        .where('projection', '=', checkpointName(projection.name, generation))
        .execute();
      await trx
        .deleteFrom('projection_generations')
        .where('projection', '=', projection.name)
        .where('generation', '=', generation)
        .execute();
    });
  }
}

export async function recordFailure(
  db: Executor,
  projection: string,
  generation: number,
  failure: { position: LogPosition; eventId: string; error: string },
): Promise<void> {
  await sql`
    UPDATE projection_generations
    SET failed_at = now(), failed_transaction_id = ${failure.position.transactionId}::xid8,
        failed_global_position = ${failure.position.globalPosition}, failed_event_id = ${failure.eventId}::uuid,
        error = ${failure.error}
    WHERE projection = ${projection} AND generation = ${generation}
  `.execute(db);
}

export async function clearFailure(db: Executor, projection: string, generation: number): Promise<void> {
  await db
    .updateTable('projection_generations')
    .set({
      failed_at: null,
      failed_transaction_id: null,
      failed_global_position: null,
      failed_event_id: null,
      error: null,
    })
    .where('projection', '=', projection)
    .where('generation', '=', generation)
    .execute();
}

/** The checkpoint under a row lock: a page is applied only by whoever finds it where they left it. */
export async function lockCheckpoint(trx: Transaction<Database>, name: string): Promise<LogPosition | null> {
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select(['transaction_id', 'global_position'])
    .where('projection', '=', name)
    .forUpdate()
    .executeTakeFirst();
  return row === undefined
    ? null
    : { transactionId: String(row.transaction_id), globalPosition: Number(row.global_position) };
}

/** Events in the log after a position (counted up to `cap`), and how long the oldest has waited. */
export async function lagAfter(
  db: Executor,
  position: LogPosition,
  cap: number,
): Promise<{ events: number; seconds: number }> {
  const { rows } = await sql<{ events: number; oldest: Date | null }>`
    SELECT count(*)::int AS events, min(occurred_at) AS oldest FROM (
      SELECT occurred_at FROM session_events
      WHERE (transaction_id, global_position) > (${position.transactionId}::xid8, ${position.globalPosition}::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY transaction_id, global_position
      LIMIT ${cap}
    ) waiting
  `.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ?? null;
  return {
    events: row?.events ?? 0,
    seconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000),
  };
}

/**
 * Makes sure each projection has a live generation, so its views exist before anything reads them
 * (an empty model until the runner has caught up). Creating one is idempotent and serialised.
 */
export async function ensureLiveGenerations(db: Db, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    const generations = await findGenerations(db, projection.name);
    if (generations.some((each) => each.status === 'live')) continue;
    await db.transaction().execute((trx) => createGeneration(trx, projection, 'live'));
  }
}
