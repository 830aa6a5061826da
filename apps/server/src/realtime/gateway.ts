// The room socket, /ws: one Connection per client socket, one fan-out and one signal relay per instance.
// In a drain the gateway refuses new sockets (503, the load balancer tries another instance), lets the
// messages being handled finish, then closes every socket with 4003: clients reconnect elsewhere,
// resume, and send again what was not acknowledged.
import websocket from '@fastify/websocket';
import { CLOSE_CODES } from '@lablive/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WebSocket } from 'ws';
import type { Authenticator } from '../auth/authentication.ts';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import { type Lifecycle, waitUntil } from '../lifecycle/lifecycle.ts';
import type { MediaServers } from '../media/mediaServers.ts';
import { createSfuMedia } from '../media/sfuMedia.ts';
import { createGatewayStats, type GatewayStats } from '../observability/gatewayStats.ts';
import type { FanoutInstruments } from '../observability/instruments.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { type Connection, openConnection } from './connection.ts';
import { createInFlight } from './inFlight.ts';
import { createRoomFanout } from './roomFanout.ts';
import { createRoomLog } from './roomLog.ts';
import { createRoomSignals } from './roomSignals.ts';
import {
  createFlushScheduler,
  createSocketSender,
  DEFAULT_SEND_QUEUE_BYTES,
  type SocketSender,
} from './socketSender.ts';

export type GatewayOptions = {
  db: Db;
  bus: Bus;
  rooms: RoomService;
  authenticator: Authenticator;
  stats?: GatewayStats;
  /** The instance's drain; without it (tests) the gateway only closes its sockets when the app closes. */
  lifecycle?: Lifecycle;
  instruments?: FanoutInstruments;
  /** How long a socket may stay open without a valid hello (10 s). */
  helloTimeoutMs?: number;
  /** The media servers (provider `janus`), started; without them the sockets' media requests are refused. */
  mediaServers?: MediaServers | null;
  /** The bound on one socket's unsent bytes before it is closed 4008 (1 MiB: DEFAULT_SEND_QUEUE_BYTES). */
  sendQueueBytes?: number;
};

/** How long closed sockets get to finish their close handshake in a drain before they are cut. */
const CLOSE_HANDSHAKE_MS = 2_000;

/** ws closes a socket whose message passes this; ours answer a code up to the much lower protocol limit. */
const HARD_MESSAGE_LIMIT = 4 * 1024 * 1024;
/** A socket that has not authenticated with a valid hello by then is closed, whatever else it sent. */
const HELLO_TIMEOUT_MS = 10_000;

export async function registerGateway(app: FastifyInstance, options: GatewayOptions): Promise<GatewayStats> {
  const stats = options.stats ?? createGatewayStats();
  const scheduler = createFlushScheduler();
  const fanout = createRoomFanout(options.rooms, {
    roomLog: createRoomLog(options.db),
    writeMs: scheduler.writeMs,
    ...(options.instruments ? { instruments: options.instruments } : {}),
    log: (message, details) => app.log.warn(details, message),
  });
  const signals = createRoomSignals(options.bus);
  const media = options.mediaServers
    ? createSfuMedia({
        servers: options.mediaServers,
        announce: (roomId, participantId, feed, source, published) =>
          signals.publish(roomId, participantId, null, 'media-feed', { feed, source, published }),
        // From nobody (0): the server says the room's media server changed.
        announceReset: (roomId) => signals.publish(roomId, 0, null, 'media-reset', {}),
        log: (level, message, details) => app.log[level]({ ...details }, message),
      })
    : null;
  const sockets = new Map<WebSocket, SocketSender>();
  const inFlight = createInFlight();
  /** Set when the drain reaches the sockets: messages are no longer handled. */
  let closing = false;
  await app.register(websocket, { options: { maxPayload: HARD_MESSAGE_LIMIT } });

  const refuseWhileDraining = async (_request: unknown, reply: FastifyReply) => {
    if (options.lifecycle?.draining()) {
      return reply
        .code(503)
        .send({ code: 'instance_stopping', message: 'This instance is stopping; retry.' });
    }
    // Cut from the other instances, this one can serve no room (rooms/busLossWatchdog.ts): the load
    // balancer retries a 503 on another instance, a client connecting here directly tries again.
    if (!options.bus.healthy()) {
      return reply
        .code(503)
        .send({ code: 'instance_unavailable', message: 'This instance cannot reach the others; retry.' });
    }
  };

  app.get('/ws', { websocket: true, preValidation: refuseWhileDraining }, (socket, request) => {
    stats.socketsOpen++;
    stats.socketsOpened++;
    let connection: Connection | undefined;
    const sender = createSocketSender(socket, {
      maxBufferedBytes: options.sendQueueBytes ?? DEFAULT_SEND_QUEUE_BYTES,
      scheduler,
      stats,
      onClose: (code) => connection?.closed(code),
    });
    sockets.set(socket, sender);
    let greeted = false;
    const helloTimer = setTimeout(() => {
      if (!greeted) sender.close(CLOSE_CODES.helloTimeout, 'no hello');
    }, options.helloTimeoutMs ?? HELLO_TIMEOUT_MS);
    connection = openConnection(sender, {
      db: options.db,
      rooms: options.rooms,
      authenticator: options.authenticator,
      fanout,
      signals,
      media,
      stats,
      inFlight,
      accepting: () => !closing,
      log: (level, message, details) => request.log[level]({ ...details }, message),
      authenticated: () => {
        greeted = true;
        clearTimeout(helloTimer);
      },
    });
    socket.on('message', (data) => {
      const raw = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      connection?.receive(raw);
    });
    socket.on('close', (code) => {
      clearTimeout(helloTimer);
      stats.socketsOpen--;
      sockets.delete(socket);
      connection?.closed(code);
    });
    socket.on('error', (error) => request.log.warn({ err: error }, 'socket error'));
  });

  app.addHook('onClose', async () => {
    for (const socket of sockets.keys()) socket.close(CLOSE_CODES.goingAway, 'server stopping');
    await media?.close();
  });

  // Cut from PostgreSQL for long: the other instances will take this one for dead and drop its
  // connections from their rooms, so the clients go now, reconnect elsewhere and resume.
  options.rooms.onCutOff(() => {
    for (const sender of sockets.values())
      sender.close(CLOSE_CODES.goingAway, 'instance cut off from the database: reconnect');
  });

  options.lifecycle?.onDrain('sockets', async (deadline) => {
    closing = true;
    const settled = await inFlight.idle(deadline);
    const open = sockets.size;
    // Each sender flushes what it holds (acknowledgements) before its close frame.
    for (const sender of sockets.values())
      sender.close(CLOSE_CODES.goingAway, 'instance stopping: reconnect');
    const handshakes = await waitUntil(
      () => sockets.size === 0,
      Math.min(deadline, Date.now() + CLOSE_HANDSHAKE_MS),
    );
    if (!handshakes) for (const socket of sockets.keys()) socket.terminate();
    await waitUntil(() => sockets.size === 0, Math.min(deadline, Date.now() + CLOSE_HANDSHAKE_MS));
    // The departures of the closed sockets, recorded while this instance may still host their rooms.
    const departed = await inFlight.idle(deadline);
    app.log.info({ sockets: open, settled, departed }, 'sockets closed for the drain');
  });
  return stats;
}
