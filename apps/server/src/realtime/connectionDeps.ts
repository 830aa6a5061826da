// What one room socket's connection is given by the gateway: the database, the room service, the
// authenticator, this instance's fan-out and signal relay, its counters, and the drain's switches.
import type { Authenticator } from '../auth/authentication.ts';
import type { Db } from '../db/connection.ts';
import type { SfuMedia } from '../media/sfuMedia.ts';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import type { RoomService } from '../rooms/roomService.ts';
import type { InFlight } from './inFlight.ts';
import type { RoomFanout } from './roomFanout.ts';
import type { RoomSignals } from './roomSignals.ts';

export type ConnectionDeps = {
  db: Db;
  rooms: RoomService;
  authenticator: Authenticator;
  fanout: RoomFanout;
  signals: RoomSignals;
  stats: GatewayStats;
  /** The media server's side of the sockets (provider `janus`), or null when video goes peer to peer. */
  media: SfuMedia | null;
  /** What is being handled, for a drain to wait on; and whether new messages are still taken. */
  inFlight: InFlight;
  /**
   * False while the instance drains: messages are dropped unanswered, so the client sends its command
   * again (same id) on the instance it reconnects to, rather than getting a refusal.
   */
  accepting: () => boolean;
  /** Called once a hello authenticated the socket: only that ends the hello timeout. */
  authenticated: () => void;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
};
