// Fault scenario `postgres` (issue 31, part 1): the database of two LabLive instances restarted (a clean
// stop, then a crash-like one) and frozen for 10 s while people chat in two rooms. A private PostgreSQL
// server (lib/privatePostgres.ts) stands in for the production one, so this machine's is left alone.
// During each outage commands must be refused with a retryable code or wait, never acknowledged and
// lost; after it every acknowledged message is stored once, every client holds the log, and the
// statistics and the job queue carry on by themselves, with no LabLive restart.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDb } from '@lablive/server/tooling';
import type { LocalCluster } from '@lablive/testkit/cluster';
import { createLab, createUser } from '@lablive/testkit/fixtures';
import { startSmtpCapture } from '@lablive/testkit/smtpCapture';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import {
  type ChatRoom,
  chatContinuously,
  clientsCaughtUp,
  judgeDelivery,
  openChatRooms,
  type Refusal,
  type SentChat,
} from '../lib/chatRooms.ts';
import { operatorLines, startInstancesOn } from '../lib/instancesOn.ts';
import { type ReadinessWatch, watchReadiness } from '../lib/instanceWatch.ts';
import { startPrivatePostgres } from '../lib/privatePostgres.ts';
import { projectionLags, projectionsCaughtUp, sessionMessageCounts } from '../lib/projectionCatchUp.ts';
import {
  type Check,
  check,
  type Figure,
  figure,
  type ScenarioContext,
  type ScenarioOutcome,
  waitUntil,
} from '../lib/scenario.ts';

const INSTANCES = 2;
const ROOMS = 2;
const PEOPLE = 4;
const CHAT_EVERY_MS = 200;
/** Codes a client may get during the outage: it sends the command again (docs/protocol.md). */
const RETRYABLE = new Set(['room_unavailable', 'rate_limited']);
/** After the database is back: the first acknowledgement, and everything caught up, within these. */
const FIRST_ACK_BOUND_MS = 10_000;
const CATCH_UP_BOUND_MS = 30_000;
/** The chat records' clock (lib/chatRooms.ts), so outage times compare with acknowledgements. */
const now = () => performance.timeOrigin + performance.now();

type Outage = { name: string; from: number; back: number; firstAckMs: number | null; allAnsweredMs: number };

/** Runs `fault` while the rooms chat; when the database is back, how long until acks flow again. */
async function outage(name: string, fault: () => Promise<void>, sent: () => SentChat[]): Promise<Outage> {
  const from = now();
  await fault();
  const back = now();
  // Both measured from the database's return, side by side.
  const [firstAck, allAnswered] = await Promise.all([
    waitUntil(
      () => sent().some((m) => m.ok === true && (m.ackedAt ?? 0) >= back),
      `an acknowledgement after the ${name}`,
      60_000,
    ).catch(() => null),
    waitUntil(
      () => sent().every((m) => m.sentAt > back || m.ok !== null),
      `every command sent before the end of the ${name} answered`,
      60_000,
    ).catch(() => Number.NaN),
  ]);
  return { name, from, back, firstAckMs: firstAck, allAnsweredMs: allAnswered };
}

/** A password-reset mail asked through an instance after the outages: pg-boss must take and send it. */
async function mailAfterOutages(
  cluster: LocalCluster,
  db: ReturnType<typeof createDb>,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
) {
  const email = `outage-${randomBytes(3).toString('hex')}@lablive.test`;
  await createUser(db, { labId: await createLab(db, 'Outage lab'), email, password: 'a-long-password-1' });
  const asked = Date.now();
  const response = await fetch(`${cluster.instanceUrl(1)}/api/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const delivered = await smtp
    .waitForMail((mail) => mail.to.includes(email), 30_000)
    .then(() => Date.now() - asked)
    .catch(() => null);
  return { status: response.status, deliveredMs: delivered };
}

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const downMs = context.quick ? 1_000 : 3_000;
  const pauseMs = context.quick ? 3_000 : 10_000;
  const server = await startPrivatePostgres('outage');
  const smtp = await startSmtpCapture();
  onCleanup('close the SMTP capture', () => smtp.close());
  await server.createDatabase('lablive');
  const { cluster, lines } = await startInstancesOn({
    databaseUrl: server.url('lablive'),
    natsUrl: context.natsUrl,
    label: 'postgres',
    instances: INSTANCES,
    balancer: false,
    env: { SMTP_URL: smtp.url },
  });
  const db = createDb(server.url('lablive'), { max: 4 });
  onCleanup('close the scenario’s pool', () => db.destroy());
  const refusals: Refusal[] = [];
  const rooms: ChatRoom[] = await openChatRooms({
    db,
    cluster,
    label: 'pg',
    rooms: ROOMS,
    people: PEOPLE,
    onRefused: (refusal) => refusals.push(refusal),
  });
  const readiness = Array.from({ length: INSTANCES }, (_, i) => watchReadiness(cluster.instanceUrl(i)));
  const chatters = rooms.flatMap((room) => room.chatters);
  const sent = () => chatters.flatMap((chatter) => chatter.sent);
  const stopChat = chatContinuously(chatters, CHAT_EVERY_MS);
  const outages: Outage[] = [];
  const faults: Array<[string, () => Promise<void>]> = [
    [`restart (fast stop, ${downMs / 1000} s down)`, () => server.restart('fast', downMs)],
    [`crash restart (immediate stop, ${downMs / 1000} s down)`, () => server.restart('immediate', downMs)],
    [`pause of ${pauseMs / 1000} s (SIGSTOP)`, () => server.pause(pauseMs)],
  ];
  for (const [name, fault] of faults) {
    await sleep(2_000);
    context.log(name);
    outages.push(await outage(name, fault, sent));
  }
  await sleep(2_000);
  const lastBack = outages.at(-1)?.back ?? now();
  await Promise.race([stopChat(), sleep(60_000)]);
  await waitUntil(() => clientsCaughtUp(db, chatters), 'every client caught up', 30_000).catch(() => {});
  const roomIds = rooms.map((room) => room.roomId);
  const caughtUp = await waitUntil(
    () => projectionsCaughtUp(db, roomIds),
    'the projections to catch up',
    CATCH_UP_BOUND_MS,
  ).then(
    () => now() - lastBack,
    () => null,
  );
  const mail = await mailAfterOutages(cluster, db, smtp);
  await Promise.all(readiness.map((watch) => watch.stop()));
  const delivery = await judgeDelivery(db, rooms);

  return {
    setup:
      `${INSTANCES} LabLive instances on a private PostgreSQL 15 and this machine's NATS, ${ROOMS} rooms of ` +
      `${PEOPLE} people each sending a chat message every ${CHAT_EVERY_MS} ms, while the database is ` +
      `restarted (fast, then immediate stop, ${downMs / 1000} s down) and frozen ${pauseMs / 1000} s.`,
    checks: [
      ...delivery.checks,
      ...outageChecks(outages, refusals, cluster),
      ...recoveryChecks(outages, readiness, caughtUp, mail),
      check(
        'the statistics count every message (per session, from the view)',
        (await sessionMessageCounts(db, roomIds)).every((c) => c.inStats === c.inLog),
        JSON.stringify(await sessionMessageCounts(db, roomIds)),
      ),
      check(
        'every projection folded the whole log, none stopped',
        caughtUp !== null,
        JSON.stringify(await projectionLags(db)),
      ),
    ],
    figures: figures(outages, refusals, delivery.acked, caughtUp, mail),
    notes: operatorLines(lines()),
  };
}

function outageChecks(outages: Outage[], refusals: Refusal[], cluster: LocalCluster): Check[] {
  const codes = new Map<string, number>();
  for (const refusal of refusals) codes.set(refusal.code, (codes.get(refusal.code) ?? 0) + 1);
  const unexpected = [...codes.keys()].filter((code) => !RETRYABLE.has(code));
  const alive = Array.from({ length: INSTANCES }, (_, i) => cluster.instance(i)?.running() === true);
  return [
    check(
      'refusals during the outages were retryable',
      unexpected.length === 0,
      codes.size === 0 ? 'no refusal (commands waited)' : JSON.stringify(Object.fromEntries(codes)),
    ),
    check('no instance died', alive.every(Boolean), `running: ${alive.join(', ')}`),
    check(
      `acknowledgements again within ${FIRST_ACK_BOUND_MS / 1000} s of the database's return`,
      outages.every((o) => o.firstAckMs !== null && o.firstAckMs < FIRST_ACK_BOUND_MS),
      outages
        .map((o) => `${o.name}: ${o.firstAckMs === null ? 'none' : `${Math.round(o.firstAckMs)} ms`}`)
        .join('; '),
    ),
  ];
}

function recoveryChecks(
  outages: Outage[],
  readiness: readonly ReadinessWatch[],
  caughtUp: number | null,
  mail: { status: number; deliveredMs: number | null },
): Check[] {
  const seen = outages.flatMap((o) =>
    readiness.map((watch, i) => ({ o, i, ...watch.outage(o.from, o.back) })),
  );
  return [
    check(
      'readiness said not ready during each outage, and ready again after',
      seen.every((s) => s.notReady !== null && s.readyAfterMs !== null),
      seen
        .map(
          (s) =>
            `${s.o.name} #${s.i + 1}: ${s.notReady ?? 'always ready'}; ready after ${s.readyAfterMs ?? '-'} ms`,
        )
        .join(' | '),
    ),
    check(
      `the projections caught up by themselves within ${CATCH_UP_BOUND_MS / 1000} s`,
      caughtUp !== null,
      caughtUp === null ? 'not caught up' : `${Math.round(caughtUp)} ms after the last outage`,
    ),
    check(
      'a job enqueued after the outages is done (a password-reset mail delivered)',
      mail.status === 200 && mail.deliveredMs !== null,
      `forgot-password answered ${mail.status}; mail ${mail.deliveredMs === null ? 'never came' : `after ${mail.deliveredMs} ms`}`,
    ),
  ];
}

function figures(
  outages: Outage[],
  refusals: Refusal[],
  acked: number,
  caughtUp: number | null,
  mail: { deliveredMs: number | null },
): Figure[] {
  return [
    figure('messages acknowledged', acked),
    figure('refusals seen by clients (retried)', refusals.length),
    ...outages.flatMap((o) => [
      figure(`${o.name}: outage`, (o.back - o.from) / 1000, 's'),
      figure(
        `${o.name}: database back → first ack`,
        o.firstAckMs ?? 'none',
        o.firstAckMs === null ? '' : 'ms',
      ),
      figure(`${o.name}: database back → every earlier command answered`, o.allAnsweredMs, 'ms'),
    ]),
    figure(
      'projections caught up after the last outage',
      caughtUp ?? 'not within the bound',
      caughtUp === null ? '' : 'ms',
    ),
    figure(
      'password-reset mail delivered after',
      mail.deliveredMs ?? 'never',
      mail.deliveredMs === null ? '' : 'ms',
    ),
  ];
}
