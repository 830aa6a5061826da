// Rebuilds a projection from the log's first event into a fresh generation beside the live one, then
// swaps: the last events are applied and the views repointed in one transaction that holds the
// projection's generations, so readers go from the old model to the caught-up new one with no gap and
// the live runner's next page lands on the new generation. A rebuild interrupted half-way resumes from
// the building generation's own checkpoint (its rows and checkpoint were committed together).
import type { Db } from '../db/connection.ts';
import { readCheckpoint, saveCheckpoint } from '../event-store/checkpoints.ts';
import { compareLogPositions, positionOf, type ReadAllResult, readAll } from '../event-store/readAll.ts';
import type { LogPosition } from '../event-store/types.ts';
import { applyPageOrStop, StaleGenerationError } from './applyPage.ts';
import {
  checkpointName,
  createGeneration,
  dropRetired,
  generationTables,
  LOG_START,
  lockCheckpoint,
  lockGenerations,
  promote,
} from './generations.repository.ts';
import type { Projection } from './projection.ts';

/**
 * Events a rebuild applies per transaction. Large: a row changed by many events of a page (a person's
 * attendance, by each of their messages) is written once per page, and each page pays a transaction.
 */
export const DEFAULT_PAGE_SIZE = 10_000;

export type RebuildOptions = {
  pageSize?: number;
  signal?: AbortSignal;
  /** Called after each page with the events applied so far in this run. */
  onProgress?: (applied: number) => void;
};

export type RebuildResult = { generation: number; events: number; milliseconds: number };

export async function rebuildProjection(
  db: Db,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const [result] = await rebuildProjections(db, [projection], options);
  return result as RebuildResult;
}

/**
 * Rebuilds several projections in one pass over the log: each page is read once and applied to every
 * projection still behind it (each in its own transaction with its own checkpoint, so each resumes on
 * its own), and each is swapped in when it has caught up.
 */
export async function rebuildProjections(
  db: Db,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildResult[]> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const started = performance.now();
  const builds = [];
  for (const projection of projections) {
    await dropRetired(db, projection);
    const { generation } = await db
      .transaction()
      .execute((trx) => createGeneration(trx, projection, 'building'));
    const name = checkpointName(projection.name, generation);
    builds.push({
      projection,
      generation,
      name,
      position: await currentCheckpoint(db, name),
      applied: 0,
      done: false,
      milliseconds: 0,
    });
  }
  // The next page is read while this one is applied (the log's reading and the projections' writing
  // overlap); it is used when every projection ends this page where expected, else read again.
  let next: { from: LogPosition; page: Promise<ReadAllResult> } | null = null;
  for (;;) {
    options.signal?.throwIfAborted();
    const pending = builds.filter((build) => !build.done);
    if (pending.length === 0) break;
    const from = pending
      .map((build) => build.position)
      .reduce((a, b) => (compareLogPositions(a, b) <= 0 ? a : b));
    const page: ReadAllResult =
      next !== null && compareLogPositions(next.from, from) === 0
        ? await next.page
        : await readAll(db, from, pageSize);
    next = null;
    if (page.events.length === pageSize && page.position !== null) {
      const ahead = readAll(db, page.position, pageSize);
      ahead.catch(() => {});
      next = { from: page.position, page: ahead };
    }
    // Each projection applies its part in its own transaction, side by side.
    await Promise.all(
      pending.map(async (build) => {
        const mine = page.events.filter(
          (event) => compareLogPositions(positionOf(event), build.position) > 0,
        );
        const last = mine.at(-1);
        if (last === undefined) return;
        try {
          build.position = await applyPageOrStop(
            db,
            build.projection,
            build.generation,
            build.position,
            mine,
            positionOf(last),
          );
          build.applied += mine.length;
        } catch (error) {
          if (!(error instanceof StaleGenerationError)) throw error;
          // Another builder of this generation moved on (a second `rebuild`): continue from there.
          build.position = await currentCheckpoint(db, build.name);
        }
      }),
    );
    options.onProgress?.(Math.max(...pending.map((build) => build.applied)));
    if (page.events.length === pageSize) continue;
    // Caught up, or nearly: each finishes and swaps in one transaction.
    for (const build of pending) {
      const swapped = await swap(db, build.projection, build.generation, build.position, pageSize);
      if (swapped.done) {
        build.applied += swapped.applied;
        build.done = true;
        build.milliseconds = performance.now() - started;
        await dropRetired(db, build.projection);
      } else {
        build.position = await currentCheckpoint(db, build.name);
      }
    }
  }
  return builds.map((build) => ({
    generation: build.generation,
    events: build.applied,
    milliseconds: build.milliseconds,
  }));
}

async function currentCheckpoint(db: Db, name: string): Promise<LogPosition> {
  return (await readCheckpoint(db, name)) ?? LOG_START;
}

/**
 * Applies what was appended since `position` and makes the generation live, holding the projection's
 * generations so the live runner waits. Not done when the generation or its checkpoint moved, or when
 * an event fails here (the caller's next page then finds and records it outside this transaction).
 */
async function swap(
  db: Db,
  projection: Projection,
  generation: number,
  position: LogPosition,
  pageSize: number,
): Promise<{ done: boolean; applied: number }> {
  const name = checkpointName(projection.name, generation);
  try {
    return await db.transaction().execute(async (trx) => {
      const generations = await lockGenerations(trx, projection.name);
      const building = generations.find((each) => each.generation === generation);
      if (building?.status !== 'building') {
        throw new StaleGenerationError(projection.name, generation, 'no longer being built');
      }
      const at = await lockCheckpoint(trx, name);
      if (at === null || compareLogPositions(at, position) !== 0) return { done: false, applied: 0 };
      let applied = 0;
      let last = position;
      for (;;) {
        const page = await readAll(trx, last, pageSize);
        if (page.events.length === 0 || page.position === null) break;
        // More than a page or two arrived meanwhile: let the pages run outside the lock first.
        if (applied >= pageSize * 2) throw new NotCaughtUp();
        await projection.apply(trx, page.events, generationTables(generation), {
          from: last,
          to: page.position,
        });
        applied += page.events.length;
        last = page.position;
      }
      await saveCheckpoint(trx, name, last);
      await promote(trx, projection, generation);
      return { done: true, applied };
    });
  } catch (error) {
    if (error instanceof StaleGenerationError) throw error;
    // Rolled back: too much arrived meanwhile, or an event failed here (the page loop locates it).
    return { done: false, applied: 0 };
  }
}

/** Thrown to roll the swap back when the log ran ahead of it. */
class NotCaughtUp extends Error {}
