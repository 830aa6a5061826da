// The test switch that moves the job queue's clock forward for an event's reminders (issue 16): their
// jobs become due now, so a person trying the product, or a test, sees them sent without waiting days.
// pg-boss compares a job's `start_after` with the database's clock, which cannot be moved: the jobs'
// instants are moved instead. Never in production: `scripts/reminders-due-now.ts` refuses unless
// LABLIVE_TEST_SWITCHES=1 (docs/operations.md).
import pg from 'pg';

/** Makes the event's pending reminder jobs due now; returns how many. */
export function makeRemindersDue(databaseUrl: string, eventId: number): Promise<number> {
  return makeEventJobsDue(databaseUrl, 'reminder-send', eventId);
}

/** Makes the pending jobs of `queue` whose data names the event (`eventId`) due now; returns how many. */
export async function makeEventJobsDue(databaseUrl: string, queue: string, eventId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `UPDATE pgboss.job SET start_after = now()
       WHERE name = $1 AND state IN ('created', 'retry') AND (data->>'eventId')::int = $2`,
      [queue, eventId],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
