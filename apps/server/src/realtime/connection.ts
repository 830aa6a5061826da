// One client socket, composed of its concerns, each a module beside this one: the handshake
// (helloHandshake.ts: who the socket is), the dispatch of its messages (messageDispatch.ts: parse, route
// by type, within the socket's rates from socketLimits.ts), the rooms it is in (roomMemberships.ts)
// and what it is sent (socketReplies.ts over its one sender, socketSender.ts).
import type { ConnectionDeps } from './connectionDeps.ts';
import { createHelloHandshake } from './helloHandshake.ts';
import { createMessageDispatch } from './messageDispatch.ts';
import { createRoomMemberships } from './roomMemberships.ts';
import { createSocketLimits } from './socketLimits.ts';
import { createSocketLobby } from './socketLobby.ts';
import { createSocketReplies } from './socketReplies.ts';
import type { SocketSender } from './socketSender.ts';

export type { ConnectionDeps } from './connectionDeps.ts';

export type Connection = {
  receive(raw: Buffer): void;
  /** The socket closed, or its sender closed it: it leaves its rooms (once, whichever comes first). */
  closed(code: number): void;
};

export function openConnection(sender: SocketSender, deps: ConnectionDeps): Connection {
  const replies = createSocketReplies(sender, deps.stats);
  const rooms = createRoomMemberships(sender, deps, replies);
  const handshake = createHelloHandshake(sender, deps, replies);
  const lobby = createSocketLobby(deps, replies);
  const limits = createSocketLimits();
  const dispatch = createMessageDispatch({ deps, replies, rooms, lobby, limits }, handshake);
  return {
    receive: (raw) => dispatch.receive(raw),
    closed: (code) => {
      lobby.closeAll();
      rooms.closeAll(code);
    },
  };
}
