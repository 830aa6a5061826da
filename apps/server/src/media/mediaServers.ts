// The media servers of a deployment (JANUS_URL, one or several) and which one carries each room: the
// least loaded when the room first needs video (people on each, as Janus counts them), recorded in the
// database so every instance sends the room's people to the same server; moved to another when it is
// lost. With one server, every room is on it.
import type { Db } from '../db/connection.ts';
import { MediaServerUnavailable } from './janusErrors.ts';
import type { JanusServer } from './janusServer.ts';
import { assignRoomServer, findRoomServer } from './mediaRooms.repository.ts';

type Log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

export type MediaServers = {
  readonly all: readonly JanusServer[];
  /** Connects each; rejects naming every address when none can be reached. */
  start(): Promise<void>;
  /** The server carrying the room's video, placing (or moving) the room when it has none reachable. */
  serverFor(roomId: number): Promise<JanusServer>;
  /** A server's connection was lost: every room on it must start its media again elsewhere. */
  onLost(listener: (server: JanusServer) => void): () => void;
  close(): Promise<void>;
};

/** How long a server's load is trusted before asking it again. */
const LOAD_TTL_MS = 5_000;

export function createMediaServers(servers: readonly JanusServer[], db: Db, log: Log): MediaServers {
  const loads = new Map<JanusServer, { people: number; at: number }>();
  const byUrl = new Map(servers.map((server) => [server.url, server]));

  async function loadOf(server: JanusServer): Promise<number> {
    const known = loads.get(server);
    if (known && Date.now() - known.at < LOAD_TTL_MS) return known.people;
    const people = await server.load().catch(() => Number.POSITIVE_INFINITY);
    loads.set(server, { people, at: Date.now() });
    return people;
  }

  async function leastLoaded(): Promise<JanusServer> {
    const reachable = servers.filter((server) => server.connected());
    if (reachable.length === 0) throw new MediaServerUnavailable('No media server can be reached');
    const measured = await Promise.all(
      reachable.map(async (server) => ({ server, people: await loadOf(server) })),
    );
    measured.sort((a, b) => a.people - b.people);
    const chosen = measured[0]?.server ?? reachable[0];
    if (!chosen) throw new MediaServerUnavailable('No media server can be reached');
    // Counted at once, so a burst of new rooms does not all land on the same server before it reports.
    const known = loads.get(chosen);
    if (known) known.people += 1;
    return chosen;
  }

  return {
    all: servers,
    async start() {
      const outcomes = await Promise.allSettled(servers.map((server) => server.start()));
      const failures = outcomes.flatMap((outcome, index) => {
        const server = servers[index];
        if (outcome.status === 'fulfilled' || !server) return [];
        server.retryInBackground();
        return [String((outcome.reason as Error).message ?? outcome.reason)];
      });
      if (failures.length === servers.length) throw new MediaServerUnavailable(failures.join('; '));
      for (const failure of failures) log('warn', 'media server not reached at start; retrying', { failure });
    },
    async serverFor(roomId) {
      if (servers.length === 1 && servers[0]) return servers[0];
      const recorded = await findRoomServer(db, roomId);
      const current = recorded === null ? undefined : byUrl.get(recorded);
      if (current?.connected()) return current;
      const chosen = await leastLoaded();
      const assigned = await assignRoomServer(db, roomId, chosen.url, recorded);
      if (recorded !== null && assigned !== recorded)
        log('info', 'room moved to another media server', { roomId, from: recorded, to: assigned });
      return byUrl.get(assigned) ?? chosen;
    },
    onLost(listener) {
      const stops = servers.map((server) => server.onLost(() => listener(server)));
      return () => {
        for (const stop of stops) stop();
      };
    },
    async close() {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
