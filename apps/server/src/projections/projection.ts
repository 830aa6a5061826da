// What the projection runner needs of a projection. The fold itself is pure and lives in the domain
// (`evolve(readModelRows, event)`); a projection here says which rows a page of events touches, loads
// them, folds every event with the domain's evolve and writes back the rows that changed, all in the
// transaction the runner opens (which also saves the checkpoint).
//
// Read models are tables of one *generation*: `tableOf('stats_sessions')` names the generation's own
// table (`stats_sessions_g3`). Readers query views with the plain names, which point at the live
// generation; a rebuild fills a fresh generation beside it and the runner swaps the views when it has
// caught up, so readers never see a half-built model.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LogPosition, StoredSessionEvent } from '../event-store/types.ts';

export type ProjectionTables = {
  /** The generation's physical table for a read model's plain (view) name. */
  tableOf(name: string): string;
};

export type Projection = {
  /** Its name on the command line, in metrics and in `projection_generations`. */
  readonly name: string;
  /** Raised when the fold or the tables change shape: the server then rebuilds it into fresh tables. */
  readonly version: number;
  /** The plain names of its read models: one view each, pointing at the live generation's table. */
  readonly readModels: readonly string[];
  /** Creates a generation's tables (named through `tables.tableOf`) and their indexes. */
  createTables(trx: Transaction<Database>, tables: ProjectionTables): Promise<void>;
  /**
   * Applies a page of events, in the log's order, to the generation's tables. Throws on an event it
   * cannot fold; the runner then finds which event it was and stops there.
   */
  apply(
    trx: Transaction<Database>,
    events: readonly StoredSessionEvent[],
    tables: ProjectionTables,
    page: ProjectionPage,
  ): Promise<void>;
};

/**
 * Where a page sits in the log: after `from` (the checkpoint it was applied on) up to `to`. A projection
 * may keep rows in memory between pages (the sessions' cursors and attendance): they are still the
 * tables' rows when the next page starts where the last one ended, and only then.
 */
export type ProjectionPage = { from: LogPosition; to: LogPosition };
