// A soak load generator, a child process pinned to its core: opens its rooms' people, prints READY, and
// on SIGUSR2 plays the plan's traffic until its end (chat every 30 s staggered, audio toggles, a poll
// per room now and then with everyone voting, 10 % of sockets resumed per minute), waits for what is in
// flight, checks every client's deliveries, writes its result to the file named in its config, prints
// RESULT, and closes its sockets on a second SIGUSR2 (after the server's heap was read with them open).
// Usage: soakGenerator.ts <config.json>
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { exitWithParent, workerConfig, workerLog } from '../lib/resultWorker.ts';
import { openSoakClient, type SoakClient, type SoakClientEvents } from './soakClient.ts';
import type { SoakGeneratorConfig, SoakGeneratorResult } from './soakPlan.ts';

const config = workerConfig<SoakGeneratorConfig & { resultPath: string }>();
const { plan } = config;
const log = workerLog;
exitWithParent();

type Chat = { sentAt: number; waiting: Set<SoakClient> };
type Room = {
  roomId: number;
  clients: SoakClient[];
  /** Chat messages sent and not yet received by every other client present when they were sent. */
  inFlight: Map<string, Chat>;
  /** Acknowledged chat messages with their version: every client there before it must receive it. */
  acknowledged: Array<{ messageId: string; version: number }>;
  nextPollAt: number;
  openPoll: { pollId: string; closeAt: number } | null;
  polls: number;
};

const rooms: Room[] = [];
const roomOf = new Map<SoakClient, Room>();
const result: SoakGeneratorResult = {
  clients: 0,
  setupSeconds: 0,
  sent: { chat: 0, audio: 0, polls: 0, votes: 0 },
  acknowledged: 0,
  acknowledgedChats: 0,
  resent: 0,
  unanswered: 0,
  rejected: 0,
  rejectedSamples: [],
  reconnections: 0,
  deliveries: 0,
  ackLatencies: [],
  deliveryLatencies: [],
  lostVersions: 0,
  duplicatedVersions: 0,
  missedChats: 0,
  duplicatedChats: 0,
  closedByServer: 0,
  closeCodes: {},
  stuckClients: [],
  notLiveAtEnd: 0,
  generatorCpuCores: 0,
  generatorLoopDelayP99Ms: 0,
};
let measuring = false;
/** Votes to send: when, by whom, in which poll. */
const votes: Array<{ at: number; client: SoakClient; pollId: string }> = [];

const round = (ms: number) => Math.round(ms * 100) / 100;

const events: SoakClientEvents = {
  live() {},
  event(client, delivered, receivedAt) {
    if (measuring) result.deliveries++;
    const room = roomOf.get(client);
    if (!room) return;
    const { type, data } = delivered.event;
    if (type === 'ChatMessageSent') {
      const messageId = String(data.messageId);
      if (client.chats.has(messageId)) client.duplicatedChats++;
      client.chats.add(messageId);
      const chat = room.inFlight.get(messageId);
      if (chat?.waiting.delete(client) && chat.waiting.size === 0) {
        room.inFlight.delete(messageId);
        if (measuring) result.deliveryLatencies.push(round(receivedAt - chat.sentAt));
      }
    } else if (type === 'PollStarted' && !client.isAnimator) {
      // Everyone votes within the next 10 s, well before the animator closes the poll.
      votes.push({ at: performance.now() + Math.random() * 10_000, client, pollId: String(data.pollId) });
    }
  },
  answered(client, sent, outcome, receivedAt) {
    if (outcome.type === 'ack') {
      result.acknowledged++;
      if (measuring && !sent.resent) result.ackLatencies.push(round(receivedAt - sent.sentAt));
      if (sent.kind === 'chat' && sent.detail) {
        result.acknowledgedChats++;
        roomOf.get(client)?.acknowledged.push({ messageId: sent.detail, version: outcome.version ?? 0 });
      }
    } else {
      result.rejected++;
      if (result.rejectedSamples.length < 5)
        result.rejectedSamples.push(`${sent.kind}: ${outcome.code} ${outcome.message}`);
    }
  },
  closedByServer(client, code) {
    result.closedByServer++;
    result.closeCodes[code] = (result.closeCodes[code] ?? 0) + 1;
    forget(client);
    setTimeout(() => client.reconnect(), 500);
  },
};

/** A client gone (reconnecting): the chats in flight no longer wait for it (it gets them on resume). */
function forget(client: SoakClient) {
  const room = roomOf.get(client);
  if (!room) return;
  for (const [messageId, chat] of room.inFlight) {
    chat.waiting.delete(client);
    if (chat.waiting.size === 0) room.inFlight.delete(messageId);
  }
}

async function openAll(): Promise<SoakClient[]> {
  const all: Array<{ roomIndex: number; token: string; isAnimator: boolean }> = [];
  config.rooms.forEach((room, roomIndex) => {
    rooms.push({
      roomId: room.roomId,
      clients: [],
      inFlight: new Map(),
      acknowledged: [],
      nextPollAt: 0,
      openPoll: null,
      polls: 0,
    });
    room.tokens.forEach((token, index) => {
      all.push({ roomIndex, token, isAnimator: index === 0 });
    });
  });
  const clients: SoakClient[] = [];
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < all.length; at = next++) {
      const person = all[at];
      const room = person ? rooms[person.roomIndex] : undefined;
      if (!person || !room) continue;
      const { client, ready } = openSoakClient(
        config.wsUrl,
        person.token,
        room.roomId,
        at,
        person.isAnimator,
        events,
      );
      room.clients.push(client);
      roomOf.set(client, room);
      clients.push(client);
      await ready;
    }
  };
  await Promise.all(Array.from({ length: plan.connectConcurrency }, worker));
  return clients;
}

function sendChat(client: SoakClient, seq: number) {
  const room = roomOf.get(client);
  if (!room || !client.live) return;
  const messageId = `c${client.index}-${seq}`;
  const waiting = new Set(room.clients.filter((other) => other !== client && other.live));
  room.inFlight.set(messageId, { sentAt: performance.now(), waiting });
  client.send('chat', { type: 'SendChatMessage', data: { messageId, text: `soak ${messageId}` } }, messageId);
  result.sent.chat++;
}

function playRoomPoll(room: Room, now: number) {
  const animator = room.clients.find((client) => client.isAnimator);
  if (!animator?.live) return;
  if (room.openPoll && now >= room.openPoll.closeAt) {
    animator.send('poll', { type: 'ClosePoll', data: { pollId: room.openPoll.pollId } });
    room.openPoll = null;
  }
  if (!room.openPoll && now >= room.nextPollAt) {
    const pollId = `p${room.roomId}-${++room.polls}`;
    animator.send('poll', {
      type: 'CreatePoll',
      data: { pollId, question: 'Soak: still there?', options: ['Yes', 'No'], allowMultiple: false },
    });
    animator.send('poll', { type: 'StartPoll', data: { pollId } });
    result.sent.polls++;
    room.openPoll = { pollId, closeAt: now + Math.min(60_000, (plan.pollEverySeconds * 1000) / 2) };
    room.nextPollAt = now + plan.pollEverySeconds * 1000;
  }
}

async function play(clients: SoakClient[]): Promise<void> {
  const start = performance.now();
  const end = start + plan.minutes * 60_000;
  const chatMs = plan.chatEverySeconds * 1000;
  // Staggered: each client its own offset in the period, so the load is even.
  const nextChat = clients.map(() => start + Math.random() * chatMs);
  const chatSeq = clients.map(() => 0);
  const nextAudio = clients.map(() => start + Math.random() * 2 * plan.audioEverySeconds * 1000);
  const audioOn = clients.map(() => true);
  rooms.forEach((room) => {
    room.nextPollAt = start + Math.random() * plan.pollEverySeconds * 1000;
  });
  let nextReconnectCheck = start + 1000;
  let nextLog = start + 30_000;
  while (performance.now() < end) {
    const now = performance.now();
    clients.forEach((client, index) => {
      if (now >= (nextChat[index] ?? 0)) {
        nextChat[index] = (nextChat[index] ?? 0) + chatMs;
        chatSeq[index] = (chatSeq[index] ?? 0) + 1;
        sendChat(client, chatSeq[index] ?? 0);
      }
      if (now >= (nextAudio[index] ?? 0) && client.live) {
        nextAudio[index] = now + Math.random() * 2 * plan.audioEverySeconds * 1000;
        audioOn[index] = !audioOn[index];
        client.send('audio', { type: 'ToggleOwnAudio', data: { enabled: audioOn[index] } });
        result.sent.audio++;
      }
    });
    for (const room of rooms) playRoomPoll(room, now);
    while (votes.length > 0 && (votes[0]?.at ?? 0) <= now) {
      const vote = votes.shift();
      if (!vote?.client.live) continue;
      vote.client.send('vote', {
        type: 'AnswerPoll',
        data: { pollId: vote.pollId, answers: [Math.random() < 0.5 ? 0 : 1] },
      });
      result.sent.votes++;
    }
    votes.sort((a, b) => a.at - b.at);
    if (now >= nextReconnectCheck) {
      nextReconnectCheck += 1000;
      for (const client of clients) {
        if (!client.live || Math.random() >= plan.reconnectsPerMinute / 60) continue;
        forget(client);
        result.resent += client.reconnect();
        result.reconnections++;
      }
    }
    if (now >= nextLog) {
      nextLog += 30_000;
      log(
        `${Math.round((now - start) / 1000)} s: ${result.sent.chat} chats, ${result.acknowledged} acks, ` +
          `${result.deliveries} deliveries, ${result.reconnections} reconnections, ${result.rejected} rejected`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every client, once all is in: no version missing or twice, every chat stored after it came, once. */
function check(clients: SoakClient[]) {
  for (const client of clients) {
    result.unanswered += client.pending.size;
    result.lostVersions += client.lostVersions;
    result.duplicatedVersions += client.duplicatedVersions;
    result.duplicatedChats += client.duplicatedChats;
    if (!client.live) result.notLiveAtEnd++;
    const room = roomOf.get(client);
    let missed = 0;
    for (const chat of room?.acknowledged ?? []) {
      if (chat.version > client.firstVersion && !client.chats.has(chat.messageId)) missed++;
    }
    result.missedChats += missed;
    if ((missed > 0 || !client.live) && result.stuckClients.length < 10) {
      const lastAcked = room?.acknowledged.reduce((high, chat) => Math.max(high, chat.version), 0) ?? 0;
      result.stuckClients.push(
        `client ${client.index} (room ${room?.roomId}): live ${client.live}, missed ${missed}, holds version ` +
          `${client.lastVersion} (room's last acknowledged chat ${lastAcked}), last received ` +
          `'${client.lastMessage.type}' ${Math.round((performance.now() - client.lastMessage.at) / 1000)} s ago, ` +
          `${client.pending.size} commands unanswered`,
      );
    }
  }
}

async function main() {
  const setupStart = performance.now();
  const clients = await openAll();
  result.clients = clients.length;
  result.setupSeconds = (performance.now() - setupStart) / 1000;
  log(
    `${clients.length} clients in ${config.rooms.length} rooms live in ${result.setupSeconds.toFixed(1)} s`,
  );
  const go = new Promise((resolve) => process.once('SIGUSR2', resolve));
  process.stdout.write('READY\n');
  await go;
  measuring = true;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const playStart = performance.now();
  await play(clients);
  const cpu = process.cpuUsage(cpuBefore);
  result.generatorCpuCores = (cpu.user + cpu.system) / 1000 / (performance.now() - playStart);
  loopDelay.disable();
  result.generatorLoopDelayP99Ms = loopDelay.percentile(99) / 1e6;
  measuring = false;
  // Resumes still under way finish, and what was sent last arrives.
  await new Promise((resolve) => setTimeout(resolve, plan.drainSeconds * 1000));
  check(clients);
  writeFileSync(config.resultPath, JSON.stringify(result));
  const done = new Promise((resolve) => process.once('SIGUSR2', resolve));
  process.stdout.write('RESULT written\n');
  await done;
  for (const client of clients) client.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  log(`soak generator failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
