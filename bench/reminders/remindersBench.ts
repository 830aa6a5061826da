// Reminders at scale (issue 16, part 8): 100,000 reminders (1,000 events of 100 invited guests, the
// one-hour reminder each) scheduled through the real server, then made due within one minute (their
// jobs' instants spread over 60 s, as the test switch does), sent by the server to its outbox. Figure:
// how late each reminder's mail is written after its instant (p50, p99, the last), from the mail log
// (sent at) and the reminder's job (due at). Baseline, side by side in the same run: the same number of
// jobs doing nothing, due over the same minute on the same PostgreSQL through pg-boss alone, which is
// the lateness the queue itself adds.
import os from 'node:os';
import { createLab, createMedia, createUser } from '@lablive/testkit/fixtures';
import { startServerProcess } from '@lablive/testkit/serverProcess';
import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { type BenchDatabase, createBenchDatabase } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';

export type Lateness = { p50Ms: number; p99Ms: number; maxMs: number; count: number };

export type RemindersBenchResult = {
  date: string;
  quick: boolean;
  events: number;
  guestsPerEvent: number;
  reminders: number;
  /** Seconds the server took to schedule them all (one event saved after the other, 4 at a time). */
  scheduleSeconds: number;
  spreadSeconds: number;
  lablive: Lateness;
  baseline: Lateness;
  /** Reminders not sent within the wait. */
  unsent: number;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
};

/** Issue 16's target: the 99th percentile of the lateness. */
export const REMINDERS_TARGET_P99_MS = 5000;

const SPREAD_SECONDS = 60;
const PLAN = {
  full: { events: 1000, guestsPerEvent: 100, waitSeconds: 900 },
  quick: { events: 50, guestsPerEvent: 100, waitSeconds: 240 },
};
const PASSWORD = 'bench-reminders';

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

async function percentiles(database: BenchDatabase, query: ReturnType<typeof sql>): Promise<Lateness> {
  // Fresh statistics, and no nested loop: joining 100,000 sent mails to their 100,000 jobs on JSON
  // fields took the planner to a nested loop (minutes) where a hash join takes a second.
  const result = await database.db.transaction().execute(async (trx) => {
    await sql`analyze mail_log`.execute(trx);
    await sql`analyze pgboss.job`.execute(trx);
    await sql`set local enable_nestloop = off`.execute(trx);
    return sql<{ p50: number | null; p99: number | null; max: number | null; count: string }>`
      select percentile_cont(0.5) within group (order by ms) as p50,
             percentile_cont(0.99) within group (order by ms) as p99,
             max(ms) as max, count(*) as count
      from (${query}) lateness`.execute(trx);
  });
  const row = result.rows[0];
  return {
    p50Ms: Math.round(row?.p50 ?? Number.NaN),
    p99Ms: Math.round(row?.p99 ?? Number.NaN),
    maxMs: Math.round(row?.max ?? Number.NaN),
    count: Number(row?.count ?? 0),
  };
}

/** The baseline: `count` jobs that do nothing, due over the same minute, worked by pg-boss alone. */
async function baselineLateness(database: BenchDatabase, count: number, log: (line: string) => void) {
  const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 4 });
  await boss.start();
  const stop = onCleanup('stop the baseline queue', () => boss.stop({ graceful: false }));
  try {
    await boss.createQueue('bench-noop', { retryLimit: 0 });
    const start = Date.now() + 5000;
    for (let sent = 0; sent < count; sent += 1000) {
      await boss.insert(
        'bench-noop',
        Array.from({ length: Math.min(1000, count - sent) }, (_, index) => ({
          data: {},
          startAfter: new Date(start + (((sent + index) * 7919) % (SPREAD_SECONDS * 1000))),
        })),
      );
    }
    // The product's worker settings (apps/server/src/jobs/jobQueue.ts): 50 at a time, at once again while
    // full, two batches at once.
    await boss.work(
      'bench-noop',
      { pollingIntervalSeconds: 1, batchSize: 50, burstWhenBatchFull: true, localConcurrency: 2 },
      async () => {},
    );
    const deadline = Date.now() + (SPREAD_SECONDS + 300) * 1000;
    for (;;) {
      const done = await sql<{ count: string }>`
        select count(*) as count from pgboss.job where name = 'bench-noop' and state = 'completed'`.execute(
        database.db,
      );
      const completed = Number(done.rows[0]?.count ?? 0);
      if (completed >= count || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    log(`baseline: ${count} no-op jobs done`);
    return percentiles(
      database,
      sql`select extract(epoch from (completed_on - start_after)) * 1000 as ms
          from pgboss.job where name = 'bench-noop' and state = 'completed'`,
    );
  } finally {
    await stop();
  }
}

export async function runRemindersBench(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<RemindersBenchResult> {
  const { quick, log } = options;
  const plan = quick ? PLAN.quick : PLAN.full;
  const reminders = plan.events * plan.guestsPerEvent;
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = loadAverage();

  const database = await createBenchDatabase('reminders');
  try {
    const baseline = await baselineLateness(database, reminders, log);

    const labId = await createLab(database.db, 'Bench Lab');
    const mediaId = await createMedia(database.db, { labId, name: 'Slides' });
    await createUser(database.db, { labId, email: 'owner@bench.test', password: PASSWORD, role: 'admin' });
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      ACCESS_TOKEN_SECRET: 'reminders-bench-access-token-secret-32-chars',
      LOG_LEVEL: 'warn',
    });
    const stopServer = onCleanup('stop the reminders bench server', () => server.stop());
    try {
      const api = async (method: string, route: string, body: unknown, token?: string) => {
        const response = await fetch(`${server.url}${route}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
        return response.json() as Promise<Record<string, unknown>>;
      };
      const { token } = (await api('POST', '/api/login', {
        email: 'owner@bench.test',
        password: PASSWORD,
      })) as {
        token: string;
      };
      // Thirty days ahead: only the one-hour reminder is asked for, one job per guest.
      const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const form = (index: number) => ({
        name: `Bench event ${index}`,
        rooms_needed: 1,
        medias: [mediaId],
        email_relaunch_J7: false,
        email_relaunch_J1: false,
        email_relaunch_h1: true,
        date: day,
        start_time: '14:00',
        end_time: '16:00',
        default_timezone: 'Europe/Paris',
      });
      const eventIds: number[] = [];
      for (let index = 0; index < plan.events; index++) {
        eventIds.push((await api('POST', '/api/events', form(index), token)).id as number);
      }
      // The guests and their invitations, in bulk (their own mails are not what is measured).
      await sql`
        insert into participants (event_id, lab_id, email, name, role)
        select e.id, ${labId}, 'guest-' || e.id || '-' || g || '@bench.test', 'Guest ' || g, 'participant'
        from unnest(${eventIds}::int[]) e(id), generate_series(1, ${plan.guestsPerEvent}) g`.execute(
        database.db,
      );
      await sql`
        insert into event_invitations (event_id, participant_id, role)
        select p.event_id, p.id, 'participant' from participants p`.execute(database.db);
      log(`${plan.events} events, ${reminders} invited guests`);

      // Each event saved again, as an animator would: the server schedules its guests' reminders.
      const scheduleStarted = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < eventIds.length) {
            const index = next++;
            await api('PUT', `/api/events/${eventIds[index]}`, form(index), token);
          }
        }),
      );
      const scheduleSeconds = Math.round((Date.now() - scheduleStarted) / 100) / 10;
      const scheduled = await sql<{ count: string }>`
        select count(*) as count from pgboss.job where name = 'reminder-send' and state = 'created'`.execute(
        database.db,
      );
      log(`${scheduled.rows[0]?.count} reminder jobs scheduled in ${scheduleSeconds} s`);

      // The clock moved forward: due from 5 s from now, spread over one minute.
      await sql`
        update pgboss.job set start_after = now() + interval '5 seconds'
          + make_interval(secs => ((hashtext(id::text) & 2147483647) % ${SPREAD_SECONDS * 1000}) / 1000.0)
        where name = 'reminder-send' and state = 'created'`.execute(database.db);
      // What autovacuum would have done in the weeks the jobs waited: statistics of the table as it now
      // stands. Without them pg-boss's fetch (the next 50 due jobs) was planned on the table before the
      // clock moved, and took up to a second a batch in one run of three.
      await sql`analyze pgboss.job`.execute(database.db);

      const deadline = Date.now() + plan.waitSeconds * 1000;
      let sent = 0;
      for (;;) {
        const result = await sql<{ count: string }>`
          select count(*) as count from mail_log where kind = 'reminder' and state = 'sent'`.execute(
          database.db,
        );
        sent = Number(result.rows[0]?.count ?? 0);
        if (sent >= reminders || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      log(`${sent} of ${reminders} reminders sent`);
      const lablive = await percentiles(
        database,
        sql`select extract(epoch from (m.updated_at - j.start_after)) * 1000 as ms
            from mail_log m
            join pgboss.job j on j.name = 'reminder-send'
              and (j.data->>'participantId')::int = m.participant_id and (j.data->>'eventId')::int = m.event_id
            where m.kind = 'reminder' and m.state = 'sent'`,
      );
      return {
        date,
        quick,
        events: plan.events,
        guestsPerEvent: plan.guestsPerEvent,
        reminders,
        scheduleSeconds,
        spreadSeconds: SPREAD_SECONDS,
        lablive,
        baseline,
        unsent: reminders - sent,
        loadAverageAtStart,
        loadAverageAtEnd: loadAverage(),
      };
    } finally {
      await stopServer();
    }
  } finally {
    await database.drop();
  }
}
