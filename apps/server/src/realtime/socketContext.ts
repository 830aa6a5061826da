// What the handlers of one socket's messages work with: the gateway's dependencies, the socket's
// replies, the rooms it is in and its rates.
import type { ConnectionDeps } from './connectionDeps.ts';
import type { RoomMemberships } from './roomMemberships.ts';
import type { SocketLimits } from './socketLimits.ts';
import type { SocketLobby } from './socketLobby.ts';
import type { SocketReplies } from './socketReplies.ts';

export type SocketContext = {
  deps: ConnectionDeps;
  replies: SocketReplies;
  rooms: RoomMemberships;
  /** The rooms this socket knocks at, waiting in their lobby (issue 33, part 2). */
  lobby: SocketLobby;
  limits: SocketLimits;
};
