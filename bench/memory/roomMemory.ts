// What a room and a socket cost in an instance's memory: the JavaScript heap (and the memory outside it,
// buffers) after a full garbage collection, before and after loading rooms with a session's state, once
// those rooms went quiet and were unloaded (rooms/quietRooms.ts), and before and after sockets joined.
// A standalone script (not part of `npm run bench`), run on this machine's PostgreSQL:
//
//   node --experimental-strip-types --disable-warning=ExperimentalWarning --expose-gc \
//     bench/memory/roomMemory.ts [--rooms=200] [--people=20] [--messages=150] [--sockets=500] \
//     [--database=postgres://postgres@127.0.0.1:5432/postgres]
//
// The sockets' clients run in a worker thread: its heap is its own, so the figures are the server's.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { RoomActor, RoomCommand } from '@lablive/domain';
import { createInProcessBus, createRoomService, type RunningRoomService } from '@lablive/server/tooling';
import { buildTestApp, createEvent, createLab, listenForSockets } from '@lablive/testkit';
import { createBenchDatabase, useAdminUrl } from '../lib/benchDatabase.ts';
import { addParticipants, signInAll } from '../lib/roomFixtures.ts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = ''] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const number = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const ROOMS = number('rooms', 200);
const PEOPLE = number('people', 20);
const MESSAGES = number('messages', 150);
const SOCKETS = number('sockets', 500);
/** Short, for the measurement: production unloads after ROOM_QUIET_UNLOAD_MS (10 min). */
const QUIET_MS = 1_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (see the header of this file).');
if (args.has('database')) useAdminUrl(args.get('database') ?? '');

type Memory = { heap: number; outside: number };

/** The heap and the buffers outside it, after collecting everything collectable. */
async function settledMemory(): Promise<Memory> {
  for (let i = 0; i < 4; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, outside: usage.external + usage.arrayBuffers };
}

const perUnit = (after: Memory, before: Memory, units: number) => ({
  heapKiB: (after.heap - before.heap) / units / 1024,
  outsideKiB: (after.outside - before.outside) / units / 1024,
});

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A session's worth of state: people present, a chat, a poll everyone answered. */
async function liveSession(rooms: RunningRoomService, roomId: number) {
  const people: RoomActor[] = Array.from({ length: PEOPLE }, (_, i) => ({
    participantId: roomId * 1000 + i + 1,
    userId: null,
    role: i === 0 ? 'animator' : 'participant',
    name: `Person ${i} of room ${roomId}`,
    email: `p${i}.r${roomId}@lablive.test`,
  }));
  const run = async (actor: RoomActor, command: RoomCommand) => {
    const outcome = await rooms.execute({ roomId, commandId: randomUUID(), actor, command });
    if (!outcome.ok) throw new Error(`${command.type}: ${outcome.code} ${outcome.message}`);
  };
  await Promise.all(
    people.map((actor) =>
      run(actor, { type: 'JoinRoom', data: { connectionId: `c-${actor.participantId}` } }),
    ),
  );
  for (let i = 0; i < MESSAGES; i += PEOPLE) {
    await Promise.all(
      people.slice(0, Math.min(PEOPLE, MESSAGES - i)).map((actor, j) =>
        run(actor, {
          type: 'SendChatMessage',
          data: { messageId: `m${i + j}`, text: `Message ${i + j}: a question on the dosage in the leaflet` },
        }),
      ),
    );
  }
  const [animator] = people;
  if (!animator) return people;
  await run(animator, {
    type: 'CreatePoll',
    data: {
      pollId: 'p1',
      title: 'Dose',
      question: 'Which dose?',
      options: ['5 mg', '10 mg'],
      allowMultiple: false,
    },
  });
  await run(animator, { type: 'StartPoll', data: { pollId: 'p1' } });
  await Promise.all(
    people.map((actor, i) => run(actor, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [i % 2] } })),
  );
  return people;
}

async function leaveAll(rooms: RunningRoomService, roomId: number, people: RoomActor[]) {
  await Promise.all(
    people.map((actor) =>
      rooms.execute({
        roomId,
        commandId: randomUUID(),
        actor,
        command: { type: 'LeaveRoom', data: { connectionId: `c-${actor.participantId}`, reason: 'left' } },
      }),
    ),
  );
}

async function measureRooms() {
  const database = await createBenchDatabase('memory');
  try {
    const labId = await createLab(database.db, 'Memory', ['polls']);
    const { roomIds } = await createEvent(database.db, {
      labId,
      slug: `memory-${randomUUID()}`,
      rooms: ROOMS + 1,
    });
    const rooms = await createRoomService({
      db: database.db,
      databaseUrl: database.url,
      bus: createInProcessBus(),
      log: () => {},
      participantLimit: null,
      quietAfterMs: QUIET_MS,
    });
    try {
      // One room loaded, used and unloaded first: the code paths compiled, the pools opened.
      const [warm = 0, ...measured] = roomIds;
      await leaveAll(rooms, warm, await liveSession(rooms, warm));
      await until(() => rooms.hostedRooms().length === 0, 30_000);
      const before = await settledMemory();
      const people = new Map<number, RoomActor[]>();
      for (let i = 0; i < measured.length; i += 10) {
        await Promise.all(
          measured
            .slice(i, i + 10)
            .map(async (roomId) => people.set(roomId, await liveSession(rooms, roomId))),
        );
      }
      const loaded = await settledMemory();
      for (const roomId of measured) await leaveAll(rooms, roomId, people.get(roomId) ?? []);
      await until(() => rooms.hostedRooms().length === 0, 60_000);
      const unloaded = await settledMemory();
      // Loaded again by one person's join (from the snapshot and the log after it), then unloaded again:
      // what a room costs when it comes back, and whether a load and unload leaves anything behind.
      const returning = measured.map((roomId) => [roomId, (people.get(roomId) ?? []).slice(0, 1)] as const);
      people.clear();
      for (let i = 0; i < returning.length; i += 10) {
        await Promise.all(
          returning.slice(i, i + 10).map(([roomId, [person]]) =>
            person
              ? rooms.execute({
                  roomId,
                  commandId: randomUUID(),
                  actor: person,
                  command: { type: 'JoinRoom', data: { connectionId: `c-${person.participantId}` } },
                })
              : null,
          ),
        );
      }
      const reloaded = await settledMemory();
      for (const [roomId, person] of returning) await leaveAll(rooms, roomId, [...person]);
      await until(() => rooms.hostedRooms().length === 0, 60_000);
      const unloadedAgain = await settledMemory();
      const n = measured.length;
      return {
        loaded: perUnit(loaded, before, n),
        idle: perUnit(unloaded, before, n),
        reloaded: perUnit(reloaded, unloaded, n),
        cycle: perUnit(unloadedAgain, unloaded, n),
      };
    } finally {
      await rooms.close();
    }
  } finally {
    await database.drop();
  }
}

/** Sockets opened and joined to one room from a worker thread, kept open until it is told to close. */
const SOCKET_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const WebSocket = require(workerData.wsPath);
const sockets = [];
let joined = 0;
for (const token of workerData.tokens) {
  const socket = new WebSocket(workerData.url);
  sockets.push(socket);
  socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', protocolVersion: workerData.protocolVersion, token })));
  socket.on('message', (data) => {
    const text = data.toString();
    if (text.includes('"authenticated"')) {
      socket.send(JSON.stringify({ type: 'join', roomId: workerData.roomId, connectionId: randomUUID() }));
    } else if (text.includes('"welcome"') && ++joined === workerData.tokens.length) parentPort.postMessage('joined');
  });
}
parentPort.on('message', () => { for (const socket of sockets) socket.close(1000); setTimeout(() => process.exit(0), 500); });
`;

async function measureSockets() {
  const { createRequire } = await import('node:module');
  const { PROTOCOL_VERSION } = await import('@lablive/protocol');
  const database = await createBenchDatabase('memorysockets');
  try {
    const labId = await createLab(database.db, 'Memory sockets');
    const { eventId, roomIds } = await createEvent(database.db, {
      labId,
      slug: `sockets-${randomUUID()}`,
      rooms: 1,
    });
    const roomId = roomIds[0] ?? 0;
    const people = await addParticipants(database.db, { labId, eventId, roomIds }, SOCKETS, () => roomId);
    const app = await buildTestApp(database, {
      // Nothing is mailed while sockets join.
      mailer: { kind: 'outbox', send: async () => ({ messageId: 'none' }), close: () => {} },
      loginRateLimitPerMinute: 1_000_000,
      accessTtlSeconds: 3600,
    });
    try {
      const url = await listenForSockets(app);
      const tokens = await signInAll(
        url.replace('ws', 'http').replace(/\/ws$/, ''),
        people.map((person) => person.invitation),
      );
      // The room loaded and one socket's path compiled before the baseline.
      const open = async (batch: string[]) => {
        const worker = new Worker(SOCKET_WORKER, {
          eval: true,
          workerData: {
            url,
            roomId,
            tokens: batch,
            protocolVersion: PROTOCOL_VERSION,
            wsPath: createRequire(import.meta.url).resolve('ws'),
          },
        });
        await new Promise((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        });
        return worker;
      };
      const warm = await open(tokens.slice(0, 1));
      const before = await settledMemory();
      const worker = await open(tokens.slice(1));
      const after = await settledMemory();
      for (const each of [worker, warm]) {
        each.postMessage('close');
        await new Promise((resolve) => each.once('exit', resolve));
      }
      return perUnit(after, before, tokens.length - 1);
    } finally {
      await app.close();
    }
  } finally {
    await database.drop();
  }
}

const kib = (value: number) => `${value.toFixed(1)} KiB`;
const rooms = await measureRooms();
const sockets = await measureSockets();
console.log(`Memory per room and per socket (${new Date().toISOString()}, node ${process.version})`);
console.log(`rooms: ${ROOMS}, each ${PEOPLE} people present, ${MESSAGES} messages, one poll answered by all`);
console.log(`| what | heap | outside the heap (buffers) |`);
console.log(`|---|---|---|`);
console.log(`| a loaded room | ${kib(rooms.loaded.heapKiB)} | ${kib(rooms.loaded.outsideKiB)} |`);
console.log(
  `| the same room once quiet and unloaded (upper bound: includes code compiled while loading) | ${kib(rooms.idle.heapKiB)} | ${kib(rooms.idle.outsideKiB)} |`,
);
console.log(
  `| the room loaded again by a join (from its snapshot) | ${kib(rooms.reloaded.heapKiB)} | ${kib(rooms.reloaded.outsideKiB)} |`,
);
console.log(
  `| left behind by that second load and unload | ${kib(rooms.cycle.heapKiB)} | ${kib(rooms.cycle.outsideKiB)} |`,
);
console.log(
  `| a joined socket (${SOCKETS - 1} in one room) | ${kib(sockets.heapKiB)} | ${kib(sockets.outsideKiB)} |`,
);
process.exit(0);
