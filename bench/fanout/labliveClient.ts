// A LabLive room-socket subscriber for the load generator: hello with its access token, join the room,
// live after the welcome; chat goes as SendChatMessage commands (acknowledged after the durable append).
import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '@lablive/protocol';
import { type BenchClient, type ClientEvents, openSocket, setupPromise } from './benchClient.ts';

const REJECTED = Buffer.from('"type":"rejected"');
const ERROR = Buffer.from('"type":"error"');

type Message = { type?: unknown; roomId?: unknown; code?: unknown; message?: unknown };

export function openLabLiveClient(
  url: string,
  token: string,
  roomId: number,
  events: ClientEvents,
): BenchClient {
  const socket = openSocket(url);
  const setup = setupPromise(socket, 'LabLive client');
  let live = false;
  let sending = false;

  socket.events.on('open', () => {
    socket.send(JSON.stringify({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token }));
  });
  socket.onMessage = (data: Buffer) => {
    if (live) {
      events.frame(data);
      if (sending && (data.indexOf(REJECTED) !== -1 || data.indexOf(ERROR) !== -1)) {
        events.refused(data.toString('utf8', 0, 300));
      }
      return;
    }
    const frame: unknown = JSON.parse(data.toString('utf8'));
    for (const message of (Array.isArray(frame) ? frame : [frame]) as Message[]) {
      if (message.type === 'authenticated') {
        socket.send(JSON.stringify({ type: 'join', roomId, connectionId: randomUUID() }));
      } else if (message.type === 'welcome' && message.roomId === roomId) {
        live = true;
        setup.resolve();
      } else if (message.type === 'error' || message.type === 'incompatible') {
        setup.reject(new Error(`LabLive refused the client: ${JSON.stringify(message)}`));
      }
    }
  };
  socket.events.on('close', (code: number) => {
    if (live) events.closed(code);
  });

  return {
    ready: setup.promise,
    sendChat(seq, text) {
      sending = true;
      socket.send(
        `{"type":"command","roomId":${roomId},"commandId":"${randomUUID()}","command":{"type":"SendChatMessage","data":{"messageId":"m${seq}","text":"${text}"}}}`,
      );
    },
    close() {
      live = false;
      socket.terminate();
    },
  };
}
