// The job queue's part of forgetting (docs/adr/0008): after an erasure, the read models folded from the
// log (statistics, replay) are rebuilt from it as it now reads, names and words of the erased person
// '[erased]'; a job, so it survives a restart and runs beside the live projections (rebuild.ts swaps a
// caught-up generation in). And every day at 02:30 UTC, each lab's retention is applied.
import type { Db } from '../db/connection.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { MAIL_QUEUE } from '../mail/mailOutbox.ts';
import { PROJECTIONS } from '../projections/projections.ts';
import { rebuildProjections } from '../projections/rebuild.ts';
import type { Forgetting } from './erasureService.ts';
import { applyRetention } from './retention.ts';

export const READ_MODELS_REBUILD_QUEUE = 'personal-data-rebuild';
export const RETENTION_QUEUE = 'personal-data-retention';
const RETENTION_CRON = '30 2 * * *';

/** Rebuilds every read model folded from the log (the statistics and the replay). */
export async function rebuildReadModels(db: Db): Promise<void> {
  await rebuildProjections(db, PROJECTIONS);
}

export async function startForgetting(deps: {
  db: Db;
  jobs: JobQueue;
  now: () => Date;
  log: (message: string, details?: Record<string, unknown>) => void;
}): Promise<Forgetting> {
  const { db, jobs } = deps;
  const settings = { retryLimit: 10, retryDelaySeconds: 60, retryDelayMaxSeconds: 3600 };
  // One rebuild serves every erasure queued before it started: a batch of jobs is one rebuild.
  await jobs.defineBatch(READ_MODELS_REBUILD_QUEUE, settings, async (batch) => {
    await rebuildReadModels(db);
    deps.log('read models rebuilt after erasures', { erasures: batch.length });
    return { failed: [] };
  });
  await jobs.define(RETENTION_QUEUE, settings, async () => {
    const pass = await applyRetention(db, deps.now());
    deps.log('retention applied', pass);
    if (pass.labs > 0) await jobs.enqueue(db, READ_MODELS_REBUILD_QUEUE, {});
  });
  await jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
  return {
    async afterErasure(trx, mailJobIds) {
      await jobs.remove(trx, MAIL_QUEUE, mailJobIds);
      await jobs.enqueue(trx, READ_MODELS_REBUILD_QUEUE, {});
    },
  };
}
