// People chatting in rooms while a scenario breaks something, and the judgement of what they got. Each
// person is a Chatter: a protocol-abiding socket client (openClusterClient: it reconnects, resumes with
// its last version, sends again with the same command id) on a chosen instance, with what it sent
// (acknowledged or refused, when, at which version) and when its events arrived. openChatRooms makes
// rooms of a new event (the bench's fixtures) whose first person is an animator who starts the session
// (so the statistics count the messages). After the fault, compareWithLog says whether each acknowledged
// message is in the log once at its acknowledged version, each stream without a hole, and each client's
// events the log's; judgeDelivery turns that into checks.
import { randomUUID } from 'node:crypto';
import { roomStreamId } from '@lablive/domain';
import type { Db } from '@lablive/server/tooling';
import { type ClusterClient, type LocalCluster, openClusterClient } from '@lablive/testkit/cluster';
import { sql } from 'kysely';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import { addParticipants, createBenchEvent, signInAll } from '../../bench/lib/roomFixtures.ts';
import { socketUrl } from './instancesOn.ts';
import { type Check, check } from './scenario.ts';

export type SentChat = {
  messageId: string;
  sentAt: number;
  ackedAt: number | null;
  ok: boolean | null;
  /** The room's version the acknowledgement gave, when acknowledged. */
  version?: number;
  /** The refusal's code, when refused. */
  refused?: string;
  /** Still waiting when its client was closed (the page left): no answer is owed. */
  abandoned?: boolean;
};

export type Chatter = {
  client: ClusterClient;
  roomId: number;
  /** The instance (index from 0) the person first connected to. */
  instance: number;
  sent: SentChat[];
  /** When each batch of events arrived (ms since the epoch). */
  arrivals: number[];
};

export type Refusal = { at: number; client: string; code: string };

const now = () => performance.timeOrigin + performance.now();

export function openChatter(options: {
  name: string;
  token: string;
  roomId: number;
  instance: number;
  /** The address of connection attempt n (from 1). */
  url: (attempt: number) => string;
  /** Every refusal the client got (retryable ones included), as it comes. */
  onRefused?: (refusal: Refusal) => void;
}): Chatter {
  const arrivals: number[] = [];
  const client = openClusterClient({
    name: options.name,
    token: options.token,
    roomId: options.roomId,
    url: options.url,
    retryDelayMs: 100,
    onEvents: (_events, receivedAt) => arrivals.push(receivedAt),
    onRefused: (_, code) => options.onRefused?.({ at: now(), client: options.name, code }),
  });
  onCleanup(`close ${options.name}`, () => client.close());
  return { client, roomId: options.roomId, instance: options.instance, sent: [], arrivals };
}

export type ChatRoom = { roomId: number; chatters: Chatter[] };

/**
 * Rooms with `people` signed-in chatters each, joined, the session started by the first (an animator).
 * Person n connects first to instance n modulo the cluster's size, then to the next one at each attempt.
 */
export async function openChatRooms(options: {
  db: Db;
  cluster: LocalCluster;
  label: string;
  rooms: number;
  people: number;
  onRefused?: (refusal: Refusal) => void;
}): Promise<ChatRoom[]> {
  const { db, cluster, rooms, people } = options;
  const event = await createBenchEvent(db, `${options.label}-${randomUUID().slice(0, 6)}`, rooms);
  const participants = await addParticipants(
    db,
    event,
    rooms * people,
    (index) => event.roomIds[Math.floor(index / people)] ?? 0,
  );
  const animators = participants.filter((_, index) => index % people === 0).map((p) => p.actor.participantId);
  await db.updateTable('participants').set({ role: 'animator' }).where('id', 'in', animators).execute();
  await db
    .updateTable('event_invitations')
    .set({ role: 'animator' })
    .where('participant_id', 'in', animators)
    .execute();
  const tokens = await signInAll(
    cluster.instanceUrl(0),
    participants.map((person) => person.invitation),
  );
  const opened: ChatRoom[] = event.roomIds.map((roomId) => ({ roomId, chatters: [] }));
  for (const [index, person] of participants.entries()) {
    const chatter = openChatter({
      name: `${options.label}-${index}`,
      token: tokens[index] ?? '',
      roomId: person.roomId,
      instance: index % cluster.size,
      url: (attempt) => socketUrl(cluster.instanceUrl((index + attempt - 1) % cluster.size)),
      ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    });
    opened[Math.floor(index / people)]?.chatters.push(chatter);
  }
  await Promise.all(opened.flatMap((room) => room.chatters.map((chatter) => chatter.client.joined())));
  for (const room of opened) {
    const started = await room.chatters[0]?.client.send({ type: 'StartSession', data: {} });
    if (!started?.ok)
      throw new Error(`room ${room.roomId}: the session did not start: ${JSON.stringify(started)}`);
  }
  return opened;
}

/** Sends one chat message and records its outcome as it comes. */
export function say(chatter: Chatter, text: string): Promise<SentChat> {
  const record: SentChat = { messageId: randomUUID(), sentAt: now(), ackedAt: null, ok: null };
  chatter.sent.push(record);
  return chatter.client
    .send({ type: 'SendChatMessage', data: { messageId: record.messageId, text } })
    .then((result) => {
      record.ok = result.ok;
      record.ackedAt = now();
      if (result.ok) record.version = result.version;
      else record.refused = result.code;
      return record;
    });
}

/** Everyone says something every `everyMs` until the returned stop() is called; stop() waits for the answers. */
export function chatContinuously(chatters: readonly Chatter[], everyMs: number): () => Promise<void> {
  const inFlight: Array<Promise<unknown>> = [];
  let round = 0;
  const timer = setInterval(() => {
    round++;
    for (const chatter of chatters) inFlight.push(say(chatter, `${chatter.client.name} #${round}`));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
  };
}

/** The longest wait of one of the chatter's commands for its answer, in ms (still waiting: until now). */
export function longestCommandWait(chatter: Chatter, from = 0, to = Number.POSITIVE_INFINITY): number {
  let longest = 0;
  for (const sent of chatter.sent) {
    if (sent.sentAt < from || sent.sentAt > to) continue;
    longest = Math.max(longest, (sent.ackedAt ?? now()) - sent.sentAt);
  }
  return longest;
}

/** The longest time without any event arriving between `from` and `to`, in ms. */
export function longestSilence(chatter: Chatter, from: number, to: number): number {
  let longest = 0;
  let previous = from;
  for (const at of chatter.arrivals) {
    if (at < from) continue;
    if (at > to) break;
    longest = Math.max(longest, at - previous);
    previous = at;
  }
  return Math.max(longest, to - previous);
}

/** Each event of a room's stream as stored, in version order: its version, type and, for a chat message, its id. */
export async function roomLog(db: Db, roomId: number) {
  const { rows } = await sql<{ version: number; type: string; messageId: string | null }>`
    SELECT stream_version AS version, type, data->>'messageId' AS "messageId"
      FROM session_events WHERE stream_id = ${roomStreamId(roomId)} ORDER BY stream_version
  `.execute(db);
  return rows;
}

/** The room's version in the log now. */
export async function logVersion(db: Db, roomId: number): Promise<number> {
  return (await roomLog(db, roomId)).at(-1)?.version ?? 0;
}

/** Whether every chatter holds its room's log up to its last event. */
export async function clientsCaughtUp(db: Db, chatters: readonly Chatter[]): Promise<boolean> {
  for (const chatter of chatters)
    if (chatter.client.lastVersion() < (await logVersion(db, chatter.roomId))) return false;
  return true;
}

export type LogComparison = {
  sent: number;
  acknowledged: number;
  /** The chatters of commands still unanswered, and the codes of commands finally refused. */
  unanswered: string[];
  refused: string[];
  /** Acknowledged chat messages (ids) not in the log, in it twice, or at another version than acknowledged. */
  lost: string[];
  twice: string[];
  elsewhere: string[];
  /** Acknowledged chat messages not stored exactly once at their version (the three above). */
  notOnce: number;
  /** Rooms whose stream has a hole. */
  holes: number[];
  /** Chatters whose events differ from the room's log (missing, extra, duplicated or out of order). */
  diverged: string[];
  duplicates: number;
  gaps: number;
};

/** Each chatter's commands and events against its room's log. */
export async function compareWithLog(db: Db, chatters: readonly Chatter[]): Promise<LogComparison> {
  const all = chatters.flatMap((chatter) => chatter.sent.map((sent) => ({ chatter, sent })));
  const result: LogComparison = {
    sent: all.length,
    acknowledged: all.filter(({ sent }) => sent.ok === true).length,
    unanswered: all.filter(({ sent }) => sent.ok === null).map(({ chatter }) => chatter.client.name),
    refused: all.flatMap(({ sent }) => (sent.ok === false ? [sent.refused ?? ''] : [])),
    lost: [],
    twice: [],
    elsewhere: [],
    notOnce: 0,
    holes: [],
    diverged: [],
    duplicates: 0,
    gaps: 0,
  };
  for (const roomId of new Set(chatters.map((chatter) => chatter.roomId))) {
    const log = await roomLog(db, roomId);
    if (log.some((event, index) => event.version !== index + 1)) result.holes.push(roomId);
    const versionsOf = new Map<string, number[]>();
    for (const event of log) {
      if (event.type !== 'ChatMessageSent' || event.messageId === null) continue;
      versionsOf.set(event.messageId, [...(versionsOf.get(event.messageId) ?? []), event.version]);
    }
    for (const chatter of chatters.filter((each) => each.roomId === roomId)) {
      for (const sent of chatter.sent) {
        if (sent.ok !== true) continue;
        const versions = versionsOf.get(sent.messageId) ?? [];
        if (versions.length === 0) result.lost.push(sent.messageId);
        else if (versions.length > 1) result.twice.push(sent.messageId);
        else if (sent.version !== undefined && versions[0] !== sent.version)
          result.elsewhere.push(sent.messageId);
      }
      const { client } = chatter;
      result.duplicates += client.duplicates.length;
      result.gaps += client.gaps.length;
      const first = client.received[0]?.version ?? 1;
      const expected = log.filter((event) => event.version >= first).map((event) => event.version);
      const got = client.received.map((delivered) => delivered.version);
      if (expected.join(',') !== got.join(','))
        result.diverged.push(`${client.name} (${got.length} events for ${expected.length})`);
    }
  }
  result.notOnce = result.lost.length + result.twice.length + result.elsewhere.length;
  return result;
}

const shown = (items: readonly unknown[]) =>
  items.length === 0 ? 'none' : `${items.length}: ${JSON.stringify(items.slice(0, 3))}`;

/**
 * What users care about after a fault: nothing acknowledged lost or stored twice, at the version the
 * acknowledgement said, every stream whole, every client's events exactly the log's (no gap, no
 * duplicate, nothing missing once it had time to arrive).
 */
export async function judgeDelivery(db: Db, rooms: readonly ChatRoom[]) {
  const chatters = rooms.flatMap((room) => room.chatters);
  const compared = await compareWithLog(db, chatters);
  const checks: Check[] = [
    check(
      'every command answered (none left hanging)',
      compared.unanswered.length === 0,
      `${compared.sent} sent, unanswered ${shown(compared.unanswered)}`,
    ),
    check('no command finally refused', compared.refused.length === 0, `refused ${shown(compared.refused)}`),
    check(
      'every acknowledged message stored exactly once, at its acknowledged version',
      compared.notOnce === 0,
      `${compared.acknowledged} acknowledged; lost ${shown(compared.lost)}, twice ${shown(compared.twice)}, elsewhere ${shown(compared.elsewhere)}`,
    ),
    check(
      'every room’s stream without a hole',
      compared.holes.length === 0,
      `rooms with a hole ${shown(compared.holes)}`,
    ),
    check(
      'every client received exactly the log (no gap, no duplicate)',
      compared.diverged.length === 0 && compared.gaps === 0 && compared.duplicates === 0,
      `${chatters.length} clients; gaps ${compared.gaps}, duplicates ${compared.duplicates}, off ${shown(compared.diverged)}`,
    ),
  ];
  return { checks, acked: compared.acknowledged };
}
