// Rooms where people chat while a scenario breaks something, and the judgement of what they got: rooms
// of a new event (the bench's fixtures), the first person of each an animator who starts the session
// (so the statistics count the messages), every person a protocol-abiding socket client
// (openClusterClient: reconnects, resumes, resends with the same id), chatting continuously. After the
// fault, each acknowledged message must be in the log once at its acknowledged version, each stream
// without a hole, and each client's events the log's.
import { randomBytes, randomUUID } from 'node:crypto';
import { roomStreamId } from '@lablive/domain';
import type { Db } from '@lablive/server/tooling';
import { type ClusterClient, type CommandResult, openClusterClient } from '@lablive/testkit/cluster';
import { sql } from 'kysely';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import { addParticipants, createBenchEvent, signInAll } from '../../bench/lib/roomFixtures.ts';
import { type Check, check } from './scenario.ts';

export type ChatRoom = { roomId: number; clients: ClusterClient[] };
export type Refusal = { at: number; client: string; code: string };
export type SentMessage = {
  roomId: number;
  client: string;
  messageId: string;
  sentAt: number;
  answeredAt: number | null;
  result: CommandResult | null;
};

export type ChatRoomsOptions = {
  db: Db;
  /** Where people sign in. */
  httpUrl: string;
  /** The room socket's address for a client's n-th connection attempt. */
  socketUrl: (client: number, attempt: number) => string;
  label: string;
  rooms: number;
  people: number;
  /** Every refusal a client got (retryable ones included), as it comes. */
  onRefused?: (refusal: Refusal) => void;
};

/** Rooms with `people` signed-in clients each, joined, the session started by the first (an animator). */
export async function openChatRooms(options: ChatRoomsOptions): Promise<ChatRoom[]> {
  const { db, rooms, people } = options;
  const event = await createBenchEvent(db, `${options.label}-${randomBytes(3).toString('hex')}`, rooms);
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
    options.httpUrl,
    participants.map((person) => person.invitation),
  );
  const opened: ChatRoom[] = event.roomIds.map((roomId) => ({ roomId, clients: [] }));
  for (const [index, person] of participants.entries()) {
    const name = `${options.label}-${index}`;
    const client = openClusterClient({
      name,
      token: tokens[index] ?? '',
      roomId: person.roomId,
      url: (attempt) => options.socketUrl(index, attempt),
      onRefused: (_, code) => options.onRefused?.({ at: Date.now(), client: name, code }),
    });
    onCleanup(`close ${name}`, () => client.close());
    opened[Math.floor(index / people)]?.clients.push(client);
  }
  await Promise.all(opened.flatMap((room) => room.clients.map((client) => client.joined())));
  for (const room of opened) {
    const started = await room.clients[0]?.send({ type: 'StartSession', data: {} });
    if (!started?.ok)
      throw new Error(`room ${room.roomId}: the session did not start: ${JSON.stringify(started)}`);
  }
  return opened;
}

/** Sends one chat message from `client` in `roomId`; the record is completed when it is answered. */
export function sendChat(sent: SentMessage[], roomId: number, client: ClusterClient, text: string) {
  const record: SentMessage = {
    roomId,
    client: client.name,
    messageId: randomUUID(),
    sentAt: Date.now(),
    answeredAt: null,
    result: null,
  };
  sent.push(record);
  return client
    .send({ type: 'SendChatMessage', data: { messageId: record.messageId, text } })
    .then((result) => {
      record.answeredAt = Date.now();
      record.result = result;
      return record;
    });
}

/** Every client of `rooms` sends a message every `everyMs` until stopped; nothing waits for the answers. */
export function startChatter(rooms: readonly ChatRoom[], everyMs: number) {
  const sent: SentMessage[] = [];
  let round = 0;
  const timer = setInterval(() => {
    round++;
    for (const room of rooms)
      for (const client of room.clients) void sendChat(sent, room.roomId, client, `${client.name} #${round}`);
  }, everyMs);
  return {
    sent,
    stop: () => clearInterval(timer),
  };
}

/** Each event of a room's stream: its version, type and, for a chat message, its id. */
export async function roomLog(db: Db, roomId: number) {
  const { rows } = await sql<{ version: number; type: string; messageId: string | null }>`
    SELECT stream_version AS version, type, data->>'messageId' AS "messageId"
      FROM session_events WHERE stream_id = ${roomStreamId(roomId)} ORDER BY stream_version
  `.execute(db);
  return rows;
}

const shown = (items: readonly unknown[]) =>
  items.length === 0 ? 'none' : `${items.length}: ${JSON.stringify(items.slice(0, 3))}`;

/**
 * What users care about after a fault: nothing acknowledged lost or stored twice, at the version the
 * acknowledgement said, every stream whole, every client's events exactly the log's (no gap, no
 * duplicate, nothing missing once it had time to arrive).
 */
export async function judgeDelivery(db: Db, rooms: readonly ChatRoom[], sent: readonly SentMessage[]) {
  const acked = sent.filter((message) => message.result?.ok === true);
  const lost: string[] = [];
  const twice: string[] = [];
  const elsewhere: string[] = [];
  const holes: number[] = [];
  const clientsOff: string[] = [];
  for (const room of rooms) {
    const log = await roomLog(db, room.roomId);
    if (log.some((event, index) => event.version !== index + 1)) holes.push(room.roomId);
    const versionsOf = new Map<string, number[]>();
    for (const event of log) {
      if (event.messageId === null) continue;
      versionsOf.set(event.messageId, [...(versionsOf.get(event.messageId) ?? []), event.version]);
    }
    for (const message of acked.filter((each) => each.roomId === room.roomId)) {
      const versions = versionsOf.get(message.messageId) ?? [];
      if (versions.length === 0) lost.push(message.messageId);
      else if (versions.length > 1) twice.push(message.messageId);
      else if (message.result?.ok && versions[0] !== message.result.version)
        elsewhere.push(message.messageId);
    }
    for (const client of room.clients) {
      const first = client.received[0]?.version ?? log.length + 1;
      const expected = log.filter((event) => event.version >= first).map((event) => event.version);
      const got = client.received.map((delivered) => delivered.version);
      if (
        client.gaps.length > 0 ||
        client.duplicates.length > 0 ||
        JSON.stringify(got) !== JSON.stringify(expected)
      )
        clientsOff.push(
          `${client.name}: ${got.length} events for ${expected.length}, gaps ${client.gaps.length}, duplicates ${client.duplicates.length}`,
        );
    }
  }
  const unanswered = sent.filter((message) => message.result === null);
  const refused = sent.filter((message) => message.result?.ok === false);
  const checks: Check[] = [
    check(
      'every command answered (none left hanging)',
      unanswered.length === 0,
      `${sent.length} sent, unanswered ${shown(unanswered.map((m) => m.client))}`,
    ),
    check(
      'no command finally refused',
      refused.length === 0,
      `refused ${shown(refused.map((m) => (m.result?.ok === false ? m.result.code : '')))}`,
    ),
    check(
      'every acknowledged message stored exactly once, at its acknowledged version',
      lost.length + twice.length + elsewhere.length === 0,
      `${acked.length} acknowledged; lost ${shown(lost)}, twice ${shown(twice)}, elsewhere ${shown(elsewhere)}`,
    ),
    check('every room’s stream without a hole', holes.length === 0, `rooms with a hole ${shown(holes)}`),
    check(
      'every client received exactly the log (no gap, no duplicate)',
      clientsOff.length === 0,
      `${rooms.reduce((n, room) => n + room.clients.length, 0)} clients; off ${shown(clientsOff)}`,
    ),
  ];
  return { checks, acked: acked.length };
}

/** Whether every client holds its room's log up to its last event. */
export async function clientsCaughtUp(db: Db, rooms: readonly ChatRoom[]): Promise<boolean> {
  for (const room of rooms) {
    const last = (await roomLog(db, room.roomId)).at(-1)?.version ?? 0;
    if (room.clients.some((client) => client.lastVersion() < last)) return false;
  }
  return true;
}
