// Fault scenario `longtx` (issue 31, part 4): a transaction takes a position in the log (an event
// appended to room A) and stays open 10 s while people chat in room B, whose events commit after it but
// with later positions. Readers of the log read only below the oldest running transaction
// (docs/architecture.md, "The log"), so no projection may skip the held event once it commits, and
// none may stall longer than the hold: room B's lag is at most the hold, and normal again right after.
import { setTimeout as sleep } from 'node:timers/promises';
import { roomStreamId } from '@lablive/domain';
import type { Db } from '@lablive/server/tooling';
import { sql } from 'kysely';
import { createBenchDatabase } from '../../bench/lib/benchDatabase.ts';
import {
  type ChatRoom,
  chatContinuously,
  judgeDelivery,
  openChatRooms,
  roomLog,
  type SentChat,
  say,
} from '../lib/chatRooms.ts';
import { operatorLines, startInstancesOn } from '../lib/instancesOn.ts';
import { projectionLags, projectionsCaughtUp, sessionMessageCounts } from '../lib/projectionCatchUp.ts';
import {
  type Check,
  check,
  figure,
  percentile,
  type ScenarioContext,
  type ScenarioOutcome,
  waitUntil,
} from '../lib/scenario.ts';
import { type LogPosition, watchCheckpoints } from './checkpointWatch.ts';
import { type HeldEvent, holdAppend } from './heldAppend.ts';

const PEOPLE = 3;
const CHAT_EVERY_MS = 100;
/** Room B's lag may exceed the hold by this much (a poll of 250 ms, a page, a noisy machine). */
const HOLD_MARGIN_MS = 2_000;
/** Room B's lag once the held transaction committed: back to what it is without one. */
const NORMAL_LAG_MS = 1_000;
/** The replay's markers (packages/domain/src/stats/replayView.ts) among the events these rooms hold. */
const MARKED = new Set(['SessionStarted', 'SessionEnded', 'ParticipantJoined', 'ParticipantLeft']);

type Lag = { phase: 'before' | 'during' | 'after'; projection: string; ms: number | null };

/** Each acknowledged message of room B: how long after its acknowledgement each projection folded it. */
async function roomBLags(
  db: Db,
  roomId: number,
  sent: readonly SentChat[],
  held: HeldEvent,
  watch: Awaited<ReturnType<typeof watchCheckpoints>>,
): Promise<Lag[]> {
  const { rows } = await sql<{ messageId: string; transactionId: string; globalPosition: number }>`
    SELECT data->>'messageId' AS "messageId", transaction_id::text AS "transactionId",
           global_position AS "globalPosition"
      FROM session_events WHERE stream_id = ${roomStreamId(roomId)} AND type = 'ChatMessageSent'
  `.execute(db);
  const positions = new Map<string, LogPosition>(rows.map((row) => [row.messageId, row]));
  return sent.flatMap((message) => {
    const position = positions.get(message.messageId);
    const acked = message.ackedAt;
    if (!position || acked === null || message.ok !== true) return [];
    const phase = acked < held.appendedAt ? 'before' : acked <= held.committedAt ? 'during' : 'after';
    return watch.projections.map((projection) => {
      const folded = watch.foldedAt(projection, position);
      return { phase, projection, ms: folded === null ? null : Math.max(0, folded - acked) };
    });
  });
}

/** Both projections show the held event: the statistics closed the session, the replay marked its end. */
async function heldEventFolded(db: Db, held: HeldEvent) {
  const { rows: sessions } = await sql<{ ended: boolean }>`
    SELECT ended_at IS NOT NULL AS ended FROM stats_sessions WHERE room_id = ${held.roomId}
  `.execute(db);
  const { rows: markers } = await sql<{ kind: string }>`
    SELECT kind FROM replay_markers WHERE stream_id = ${roomStreamId(held.roomId)} AND version = ${held.version}
  `.execute(db);
  return { sessionClosed: sessions.some((row) => row.ended), marker: markers[0]?.kind ?? null };
}

/** Per room, the replay's markers and the events of the log that make one. */
async function markerCounts(db: Db, roomIds: readonly number[]) {
  const counts: Array<{ roomId: number; inReplay: number; inLog: number }> = [];
  for (const roomId of roomIds) {
    const inLog = (await roomLog(db, roomId)).filter((event) => MARKED.has(event.type)).length;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM replay_markers WHERE stream_id = ${roomStreamId(roomId)}
    `.execute(db);
    counts.push({ roomId, inReplay: rows[0]?.n ?? 0, inLog });
  }
  return counts;
}

const worst = (lags: readonly Lag[]) =>
  lags.some((lag) => lag.ms === null) ? null : Math.max(0, ...lags.map((lag) => lag.ms ?? 0));
const ms = (value: number | null) => (value === null ? 'never' : `${Math.round(value)} ms`);

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const holdMs = context.quick ? 3_000 : 10_000;
  const database = await createBenchDatabase('longtx');
  const { db } = database;
  const { cluster, lines } = await startInstancesOn({
    databaseUrl: database.url,
    natsUrl: context.natsUrl,
    label: 'longtx',
    instances: 1,
    balancer: false,
  });
  const rooms = await openChatRooms({
    db,
    cluster,
    label: 'longtx',
    rooms: 2,
    people: PEOPLE,
  });
  const [roomA, roomB] = rooms as [ChatRoom, ChatRoom];
  await Promise.all(roomA.chatters.map((chatter) => say(chatter, 'before the hold')));
  await waitUntil(
    () => projectionsCaughtUp(db, [roomA.roomId, roomB.roomId]),
    'projections at the log',
    30_000,
  );

  const watch = await watchCheckpoints(db);
  const stopChat = chatContinuously(roomB.chatters, CHAT_EVERY_MS);
  await sleep(1_500);
  context.log(`holding a transaction with room ${roomA.roomId}'s event open ${holdMs / 1000} s`);
  const held = await holdAppend(database.url, roomA.roomId, holdMs, () => {});
  await sleep(3_000);
  await Promise.race([stopChat(), sleep(30_000)]);
  // Room A's host learns of an event written behind its back at its next append, which finds the
  // stream at another version and makes it load the room again: a message decided on its stale state
  // (the session still open) does that, and is then refused on the room's real state (session ended).
  // The animator then starts the next session, which carries the clients over the held event.
  const roomAClients = roomA.chatters.map((chatter) => chatter.client);
  const [animator, participant] = roomAClients;
  if (!animator || !participant) throw new Error('room A has no people');
  const nudge = await participant.send({
    type: 'SendChatMessage',
    data: { messageId: crypto.randomUUID(), text: 'after the hold' },
  });
  const restarted = await animator.send({ type: 'StartSession', data: {} });
  await waitUntil(
    () => roomAClients.every((client) => client.lastVersion() > held.version),
    'room A’s clients past the held event',
    30_000,
  ).catch(() => {});
  const roomIds = [roomA.roomId, roomB.roomId];
  await waitUntil(() => projectionsCaughtUp(db, roomIds), 'projections caught up', 30_000).catch(() => {});
  await watch.stop();

  const lags = await roomBLags(
    db,
    roomB.roomId,
    roomB.chatters.flatMap((chatter) => chatter.sent),
    held,
    watch,
  );
  const heldPosition = { transactionId: held.transactionId, globalPosition: held.globalPosition };
  const during = lags.filter((lag) => lag.phase === 'during');
  const after = lags.filter((lag) => lag.phase === 'after');
  const delivery = await judgeDelivery(db, rooms);
  const checks: Check[] = [
    await premiseCheck(db, roomB.roomId, held),
    ...(await foldChecks(
      db,
      held,
      roomIds,
      watch.projections.map((p) => [p, watch.foldedAt(p, heldPosition)]),
    )),
    ...watch.projections.flatMap((projection) => {
      const mine = (phase: Lag[]) => phase.filter((lag) => lag.projection === projection);
      return [
        check(
          `${projection}: room B’s lag during the hold at most the hold + ${HOLD_MARGIN_MS / 1000} s`,
          mine(during).length > 0 &&
            (worst(mine(during)) ?? Number.POSITIVE_INFINITY) <= holdMs + HOLD_MARGIN_MS,
          `${mine(during).length} events, worst ${ms(worst(mine(during)))} for a hold of ${holdMs} ms`,
        ),
        check(
          `${projection}: room B’s lag under ${NORMAL_LAG_MS / 1000} s right after the commit`,
          mine(after).length > 0 && (worst(mine(after)) ?? Number.POSITIVE_INFINITY) < NORMAL_LAG_MS,
          `${mine(after).length} events, worst ${ms(worst(mine(after)))}`,
        ),
      ];
    }),
    check(
      'room A’s clients received the held event once',
      roomAClients.every(
        (client) => client.received.filter((delivered) => delivered.version === held.version).length === 1,
      ),
      roomAClients
        .map((c) => `${c.name}: ${c.received.filter((d) => d.version === held.version).length}`)
        .join(', '),
    ),
    check(
      'room A goes on from the held event (a message refused as the session ended, the next session starts)',
      !nudge.ok && nudge.code === 'session_ended' && restarted.ok,
      `message: ${nudge.ok ? 'acknowledged' : nudge.code}; StartSession: ${restarted.ok ? 'acknowledged' : restarted.code}`,
    ),
    ...delivery.checks,
  ];
  return {
    setup:
      `One LabLive instance on a fresh database of this machine’s PostgreSQL; a transaction appends ` +
      `SessionEnded to room A through append_session_events and stays open ${holdMs / 1000} s while ` +
      `${PEOPLE} people in room B send a message every ${CHAT_EVERY_MS} ms each; then it commits.`,
    checks,
    figures: [
      figure('hold', (held.committedAt - held.appendedAt) / 1000, 's'),
      figure('room B messages acknowledged during the hold', during.length / watch.projections.length),
      ...watch.projections.flatMap((projection) => {
        const values = (phase: string) =>
          lags
            .filter((l) => l.projection === projection && l.phase === phase && l.ms !== null)
            .map((l) => l.ms ?? 0);
        return [
          figure(
            `${projection}: lag before the hold, p50 / max`,
            `${ms(percentile(values('before'), 50))} / ${ms(Math.max(0, ...values('before')))}`,
          ),
          figure(
            `${projection}: lag during the hold, p50 / max`,
            `${ms(percentile(values('during'), 50))} / ${ms(Math.max(0, ...values('during')))}`,
          ),
          figure(
            `${projection}: lag after the commit, p50 / max`,
            `${ms(percentile(values('after'), 50))} / ${ms(Math.max(0, ...values('after')))}`,
          ),
          figure(
            `${projection}: held event folded after its commit`,
            ms(foldDelay(watch.foldedAt(projection, heldPosition), held)),
          ),
        ];
      }),
    ],
    notes: operatorLines(lines()),
  };
}

const foldDelay = (foldedAt: number | null, held: HeldEvent) =>
  foldedAt === null ? null : foldedAt - held.committedAt;

/** The scenario tested what it means to: room B's events committed during the hold came after the held one. */
async function premiseCheck(db: Db, roomB: number, held: HeldEvent): Promise<Check> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM session_events
     WHERE stream_id = ${roomStreamId(roomB)} AND transaction_id > ${held.transactionId}::xid8
       AND global_position > ${held.globalPosition}
       AND occurred_at < to_timestamp(${held.committedAt / 1000})
  `.execute(db);
  const n = rows[0]?.n ?? 0;
  return check(
    'room B’s events committed during the hold, at later positions than the held one',
    n > 0,
    `${n} events of room B after position ${held.globalPosition} (transaction ${held.transactionId}) committed before it`,
  );
}

async function foldChecks(
  db: Db,
  held: HeldEvent,
  roomIds: number[],
  heldFolded: Array<[string, number | null]>,
): Promise<Check[]> {
  const shown = await heldEventFolded(db, held);
  const messages = await sessionMessageCounts(db, roomIds);
  const markers = await markerCounts(db, roomIds);
  const lags = await projectionLags(db);
  return [
    check(
      'every projection folded the held event after its commit',
      heldFolded.every(([, at]) => at !== null) && shown.sessionClosed && shown.marker === 'session_ended',
      `${heldFolded.map(([p, at]) => `${p}: ${ms(foldDelay(at, held))} after the commit`).join(', ')}; ` +
        `statistics closed the session: ${shown.sessionClosed}; replay marker: ${shown.marker ?? 'none'}`,
    ),
    check(
      'no projection skipped an event (statistics and replay equal the log)',
      messages.every((c) => c.inStats === c.inLog) &&
        markers.every((c) => c.inReplay === c.inLog) &&
        lags.every((lag) => lag.lagEvents === 0 && lag.failure === null),
      `messages ${JSON.stringify(messages)}; markers ${JSON.stringify(markers)}; lags ${JSON.stringify(lags)}`,
    ),
  ];
}
