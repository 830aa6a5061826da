// One person of the video benchmark on LabLive's room socket (the testkit's raw client: hello with the
// person's token, join): media requests to the server's SFU answered by their media-reply, and the room
// signals a mesh peer sends and waits for.
import type { MediaRequest, MediaResults, ServerMessage, SignalKind } from '@lablive/protocol';
import { joinTestRoom, type TestSocket } from '@lablive/testkit/socketClient';

/** Media requests wait for Janus; a busy 2-core machine makes them slow, not lost. */
const MEDIA_REPLY_TIMEOUT_MS = 30_000;

type Signal = Extract<ServerMessage, { type: 'signal' }>;

export type RoomPerson = {
  readonly participantId: number;
  readonly socket: TestSocket;
  /** A media request; rejects with the server's code when refused. */
  media<A extends MediaRequest['action']>(
    request: Extract<MediaRequest, { action: A }>,
  ): Promise<MediaResults[A]>;
  /** A signal to one participant of the room, relayed by the server untouched. */
  signal(to: number, kind: SignalKind, payload: unknown): void;
  /** The first signal of `kind` (from `from`, when given) matching `accept`, seen or still to come. */
  nextSignal(kind: SignalKind, accept: (signal: Signal) => boolean, timeoutMs: number): Promise<Signal>;
  close(): void;
};

export async function enterRoom(
  wsUrl: string,
  person: { participantId: number; token: string },
  roomId: number,
): Promise<RoomPerson> {
  const socket = await joinTestRoom(wsUrl, person.token, roomId);
  let requests = 0;
  return {
    participantId: person.participantId,
    socket,
    async media(request) {
      const requestId = `bench-${++requests}`;
      socket.send({ type: 'media', roomId, requestId, request });
      const reply = (await socket.waitFor(
        (message) => message.type === 'media-reply' && message.requestId === requestId,
        MEDIA_REPLY_TIMEOUT_MS,
      )) as Extract<ServerMessage, { type: 'media-reply' }>;
      if (reply.error)
        throw new Error(`media ${request.action} refused: ${reply.error.code} ${reply.error.message}`);
      return reply.result as MediaResults[typeof request.action];
    },
    signal(to, kind, payload) {
      socket.send({ type: 'signal', roomId, to, kind, payload });
    },
    async nextSignal(kind, accept, timeoutMs) {
      return (await socket.waitFor(
        (message) => message.type === 'signal' && message.kind === kind && accept(message),
        timeoutMs,
      )) as Signal;
    },
    close: () => socket.close(),
  };
}
