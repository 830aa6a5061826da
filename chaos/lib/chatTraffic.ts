// People chatting in rooms of a cluster while a fault happens: each one a ClusterClient (it reconnects,
// resumes with its last version, sends again with the same command id) on a chosen instance, sending a
// chat message every `everyMs`. What it records answers the scenario's questions: which commands were
// acknowledged and when, when each event arrived, and whether the client saw the room's log exactly.
import { randomUUID } from 'node:crypto';
import { roomStreamId } from '@lablive/domain';
import type { Db } from '@lablive/server/tooling';
import { type ClusterClient, openClusterClient } from '@lablive/testkit/cluster';
import { onCleanup } from '../../bench/lib/cleanup.ts';

export type SentChat = {
  messageId: string;
  sentAt: number;
  ackedAt: number | null;
  ok: boolean | null;
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

const now = () => performance.timeOrigin + performance.now();

export function openChatter(options: {
  name: string;
  token: string;
  roomId: number;
  instance: number;
  /** The address of connection attempt n (from 1). */
  url: (attempt: number) => string;
}): Chatter {
  const arrivals: number[] = [];
  const client = openClusterClient({
    name: options.name,
    token: options.token,
    roomId: options.roomId,
    url: options.url,
    retryDelayMs: 100,
    onEvents: (_events, receivedAt) => arrivals.push(receivedAt),
  });
  onCleanup(`close ${options.name}`, () => client.close());
  return { client, roomId: options.roomId, instance: options.instance, sent: [], arrivals };
}

/** Sends one chat message and records its outcome as it comes. */
export function say(chatter: Chatter, text: string): Promise<void> {
  const record: SentChat = { messageId: randomUUID(), sentAt: now(), ackedAt: null, ok: null };
  chatter.sent.push(record);
  return chatter.client
    .send({ type: 'SendChatMessage', data: { messageId: record.messageId, text } })
    .then((result) => {
      record.ok = result.ok;
      record.ackedAt = now();
      if (!result.ok) record.refused = result.code;
    });
}

/** Everyone says something every `everyMs` until the returned stop() is called; stop() waits for the answers. */
export function chatContinuously(chatters: readonly Chatter[], everyMs: number): () => Promise<void> {
  const inFlight: Array<Promise<void>> = [];
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

export type LogComparison = {
  /** Acknowledged chat messages not stored exactly once. */
  notOnce: number;
  /** Chatters whose events differ from the room's log (missing, extra, duplicated or out of order). */
  diverged: string[];
  duplicates: number;
  gaps: number;
  acknowledged: number;
};

/** Every acknowledged command stored exactly once; each chatter's events are its room's log, in order. */
export async function compareWithLog(db: Db, chatters: readonly Chatter[]): Promise<LogComparison> {
  const result: LogComparison = { notOnce: 0, diverged: [], duplicates: 0, gaps: 0, acknowledged: 0 };
  for (const roomId of new Set(chatters.map((chatter) => chatter.roomId))) {
    const people = chatters.filter((chatter) => chatter.roomId === roomId);
    const stored = await readRoomLog(db, roomId);
    const storedChats = new Map<string, number>();
    for (const event of stored) {
      const data = event.data as { messageId?: unknown } | null;
      if (event.type !== 'ChatMessageSent' || typeof data?.messageId !== 'string') continue;
      storedChats.set(data.messageId, (storedChats.get(data.messageId) ?? 0) + 1);
    }
    for (const chatter of people) {
      for (const sent of chatter.sent) {
        if (sent.ok !== true) continue;
        result.acknowledged++;
        if (storedChats.get(sent.messageId) !== 1) result.notOnce++;
      }
      result.duplicates += chatter.client.duplicates.length;
      result.gaps += chatter.client.gaps.length;
      const first = chatter.client.received[0]?.version ?? 1;
      const expected = stored.filter((event) => event.version >= first).map((event) => event.version);
      const got = chatter.client.received.map((delivered) => delivered.version);
      if (expected.join(',') !== got.join(',')) result.diverged.push(chatter.client.name);
    }
  }
  return result;
}

/** The room's stream as stored, in version order. */
export async function readRoomLog(db: Db, roomId: number) {
  return db
    .selectFrom('session_events')
    .select(['stream_version as version', 'type', 'data'])
    .where('stream_id', '=', roomStreamId(roomId))
    .orderBy('stream_version')
    .execute();
}

/** The room's version in the log now. */
export async function logVersion(db: Db, roomId: number): Promise<number> {
  return (await readRoomLog(db, roomId)).at(-1)?.version ?? 0;
}
