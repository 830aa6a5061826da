// The room socket, /ws: one Connection per client socket, one fan-out and one signal relay per instance.
import websocket from '@fastify/websocket';
import { CLOSE_CODES, PROTOCOL_LIMITS } from '@lablive/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import type { Authenticator } from '../http/authentication.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { openConnection } from './connection.ts';
import { createGatewayStats, type GatewayStats } from './gatewayStats.ts';
import { createRoomFanout } from './roomFanout.ts';
import { createRoomSignals } from './roomSignals.ts';
import { createFlushScheduler, createSocketSender } from './socketSender.ts';

export type GatewayOptions = {
  db: Db;
  bus: Bus;
  rooms: RoomService;
  authenticator: Authenticator;
  stats?: GatewayStats;
};

/** ws closes a socket whose message passes this; ours answer a code up to the much lower protocol limit. */
const HARD_MESSAGE_LIMIT = 4 * 1024 * 1024;
/** A socket that has not said hello by then is closed. */
const HELLO_TIMEOUT_MS = 10_000;

export async function registerGateway(app: FastifyInstance, options: GatewayOptions): Promise<GatewayStats> {
  const stats = options.stats ?? createGatewayStats();
  const fanout = createRoomFanout(options.rooms);
  const signals = createRoomSignals(options.bus);
  const scheduler = createFlushScheduler();
  const sockets = new Set<WebSocket>();
  await app.register(websocket, { options: { maxPayload: HARD_MESSAGE_LIMIT } });

  app.get('/ws', { websocket: true }, (socket, request) => {
    stats.socketsOpen++;
    stats.socketsOpened++;
    sockets.add(socket);
    const sender = createSocketSender(socket, {
      maxBufferedBytes: PROTOCOL_LIMITS.maxBufferedBytes,
      scheduler,
      stats,
    });
    const connection = openConnection(sender, {
      db: options.db,
      rooms: options.rooms,
      authenticator: options.authenticator,
      fanout,
      signals,
      stats,
      log: (level, message, details) => request.log[level]({ ...details }, message),
    });
    let greeted = false;
    const helloTimer = setTimeout(() => {
      if (!greeted) sender.close(CLOSE_CODES.helloTimeout, 'no hello');
    }, HELLO_TIMEOUT_MS);
    socket.on('message', (data) => {
      greeted = true;
      const raw = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      connection.receive(raw);
    });
    socket.on('close', (code) => {
      clearTimeout(helloTimer);
      stats.socketsOpen--;
      sockets.delete(socket);
      connection.closed(code);
    });
    socket.on('error', (error) => request.log.warn({ err: error }, 'socket error'));
  });

  app.addHook('onClose', async () => {
    for (const socket of sockets) socket.close(CLOSE_CODES.goingAway, 'server stopping');
  });
  return stats;
}
