// The browser's room client, run in Node: @lablive/client's realtime client, as apps/web creates it
// (room/session/roomSessionActors.ts: the default heartbeat, backoff and retries; Node's own WebSocket, as
// a browser's), following one room. It records what the person would see: the versions folded, the chat
// message ids, the connection's status changes and each rejoin after a drop, with their times.
import { randomUUID } from 'node:crypto';
import { createRealtimeClient, type RealtimeStatus, type RoomHandle } from '@lablive/client';
import type { ChatLog } from '@lablive/domain';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import type { SentChat } from '../lib/chatRooms.ts';

export type ObservedClient = {
  handle: RoomHandle;
  /** The room's version at the welcome. */
  welcomedAt: number;
  /** Every version folded after the welcome, in order. */
  versions: number[];
  /** The chat message ids the welcome showed. */
  welcomeChat: string[];
  /** The chat message ids of the events after the welcome, in order. */
  liveChat: string[];
  statuses: Array<{ at: number; status: RealtimeStatus }>;
  /** When the room was joined again on a new socket after a drop (resumed). */
  rejoins: number[];
  sent: SentChat[];
  say(text: string): Promise<void>;
  close(): void;
};

const now = () => performance.timeOrigin + performance.now();

const chatIdsOf = (chat: ChatLog) => [...chat.sealed.flat(), ...chat.tail].map((message) => message.id);

export async function openBrowserClient(options: {
  url: string;
  token: string;
  roomId: number;
}): Promise<ObservedClient> {
  const statuses: ObservedClient['statuses'] = [];
  const client = createRealtimeClient({ url: options.url, getToken: () => options.token });
  const stopCleanup = onCleanup('close the browser client', () => client.close());
  client.onStatus((status) => statuses.push({ at: now(), status }));
  const handle = await client.join(options.roomId);
  const observed: ObservedClient = {
    handle,
    welcomedAt: handle.version,
    versions: [],
    welcomeChat: chatIdsOf(handle.state.chat),
    liveChat: [],
    statuses,
    rejoins: [],
    sent: [],
    say(text) {
      const record: SentChat = { messageId: randomUUID(), sentAt: now(), ackedAt: null, ok: null };
      observed.sent.push(record);
      return handle
        .send({ type: 'SendChatMessage', data: { messageId: record.messageId, text } })
        .then((result) => {
          record.ok = result.ok;
          record.ackedAt = now();
          if (!result.ok) record.refused = result.code;
        })
        .catch(() => {
          // Rejected when the client closes with the command still waiting (the page was left).
          record.abandoned = true;
        });
    },
    close() {
      client.close();
      void stopCleanup();
    },
  };
  handle.onRejoin(() => observed.rejoins.push(now()));
  handle.onEvents((events) => {
    for (const delivered of events) {
      observed.versions.push(delivered.version);
      if (delivered.event.type === 'ChatMessageSent') observed.liveChat.push(delivered.event.data.messageId);
    }
  });
  return observed;
}

/** The first rejoin after `at`, or the time it took to reach it; NaN when none came. */
export function firstRejoinAfter(client: ObservedClient, at: number): number {
  return client.rejoins.find((rejoin) => rejoin >= at) ?? Number.NaN;
}

/** The first time after `at` the connection was given up on (reconnecting); NaN when none. */
export function firstDropAfter(client: ObservedClient, at: number): number {
  return client.statuses.find((entry) => entry.at >= at && entry.status === 'reconnecting')?.at ?? Number.NaN;
}
