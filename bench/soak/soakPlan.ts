// What the soak runs (issue 29): one LabLive instance, many rooms of a few people each, for minutes,
// with the traffic of a real event (chat, presence, polls, reconnections), and what it reports.

export type SoakPlan = {
  quick: boolean;
  rooms: number;
  /** People per room; the first of each room is its animator (polls). */
  perRoom: number;
  minutes: number;
  /** Generator processes: each takes whole rooms, so a room's deliveries are timed in one process. */
  generators: number;
  /** Each client sends a chat message this often (staggered over the period). */
  chatEverySeconds: number;
  /** Each client toggles its own audio on average this often. */
  audioEverySeconds: number;
  /** Each room's animator creates and starts a poll this often, closed a minute later. */
  pollEverySeconds: number;
  /** Share of the sockets closed and resumed per minute. */
  reconnectsPerMinute: number;
  /** New sockets opened at a time while entering. */
  connectConcurrency: number;
  /** Sent nothing for this long after the run: what was in flight arrives before the checks. */
  drainSeconds: number;
};

export function soakPlan(quick: boolean, minutes: number | undefined): SoakPlan {
  return {
    quick,
    rooms: quick ? 100 : 1000,
    perRoom: 10,
    minutes: minutes ?? (quick ? 1 : 10),
    generators: quick ? 1 : 2,
    chatEverySeconds: 30,
    audioEverySeconds: 120,
    pollEverySeconds: quick ? 30 : 180,
    reconnectsPerMinute: 0.1,
    connectConcurrency: 50,
    drainSeconds: 5,
  };
}

export const SOAK_TARGETS = { p99Ms: 100, heapGrowth: 0.05 } as const;

/** One generator's share: its rooms, and per room its people's access tokens (the animator first). */
export type SoakGeneratorConfig = {
  wsUrl: string;
  plan: SoakPlan;
  rooms: Array<{ roomId: number; tokens: string[] }>;
  /** When the run starts sending (epoch ms), the same for every generator. */
  startAt: number;
};

export type Percentiles = { count: number; p50: number; p99: number; max: number };

/** What one generator saw; the bench adds them up. */
export type SoakGeneratorResult = {
  clients: number;
  setupSeconds: number;
  sent: { chat: number; audio: number; polls: number; votes: number };
  acknowledged: number;
  /** Chat messages acknowledged. */
  acknowledgedChats: number;
  /** Commands whose socket closed before their answer: sent again after the resume, same id. */
  resent: number;
  /** Commands never answered, even after being sent again. */
  unanswered: number;
  rejected: number;
  rejectedSamples: string[];
  reconnections: number;
  /** Deliveries of events to clients. */
  deliveries: number;
  ackLatencies: number[];
  deliveryLatencies: number[];
  /** Versions a client never received (a gap in its room's versions). */
  lostVersions: number;
  /** Versions a client received twice. */
  duplicatedVersions: number;
  /** Acknowledged chat messages a client present when it was stored never received. */
  missedChats: number;
  /** Chat messages a client received twice. */
  duplicatedChats: number;
  closedByServer: number;
  /** Close codes of the sockets the server closed, with their counts. */
  closeCodes: Record<string, number>;
  /** Up to ten clients that missed messages or were not in their room at the end, as they were. */
  stuckClients: string[];
  notLiveAtEnd: number;
  /** What the generator itself used: were latencies its own queueing? */
  generatorCpuCores: number;
  generatorLoopDelayP99Ms: number;
};

export type SoakResult = {
  quick: boolean;
  date: string;
  plan: SoakPlan;
  command: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  clients: number;
  setupSeconds: number;
  runSeconds: number;
  sent: SoakGeneratorResult['sent'];
  acknowledged: number;
  resent: number;
  unanswered: number;
  rejected: number;
  rejectedSamples: string[];
  reconnections: number;
  deliveriesPerSecond: number;
  ack: Percentiles;
  delivery: Percentiles;
  lostVersions: number;
  duplicatedVersions: number;
  missedChats: number;
  duplicatedChats: number;
  closedByServer: number;
  closeCodes: Record<string, number>;
  stuckClients: string[];
  notLiveAtEnd: number;
  /** Per generator process. */
  generators: Array<{ cpuCores: number; loopDelayP99Ms: number }>;
  server: {
    /** Cores used by the server process over the run. */
    cpuCores: number;
    rssMiBStart: number;
    rssMiBEnd: number;
    /** Heap used after a forced full GC. */
    heapMiBStart: number;
    heapMiBEnd: number;
    heapGrowth: number;
    /** The server's event-loop lag over the run (prom-client's, read from its metrics). */
    eventLoopLagP99Ms: number;
    eventLoopLagMaxMs: number;
  };
  /** Chat messages acknowledged during the run. */
  chatMessagesHeld: number;
};
