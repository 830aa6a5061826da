// What the NATS partition scenario (natsPartition.ts) recorded, turned into its checks and figures: how
// long each kind of room was unavailable to which sockets, where lablive-3's rooms went, what readiness,
// the bus gauge and the log told the operator, and whether every client saw its room's log exactly.
import { metricValue, scrape } from '@lablive/testkit/cluster';
import type { ChaosCluster } from '../lib/chaosCluster.ts';
import { type Chatter, type LogComparison, longestCommandWait, longestSilence } from '../lib/chatRooms.ts';
import { hostStarts, linesMatching, type ReadinessWatch } from '../lib/instanceWatch.ts';
import { type Check, check, type Figure, figure } from '../lib/scenario.ts';

export const CUT = 2; // instance 3
/** After the partition, how long a room may take to serve everyone again. */
export const BACK_WITHIN_MS = 10_000;
const now = () => performance.timeOrigin + performance.now();
export const seconds = (ms: number) => Math.round(ms / 100) / 10;

export type Room = { roomId: number; host: number; chatters: Chatter[] };

/** Samples instance 3's lablive_bus_up gauge every second until stopped. */
export function sampleBusUp(metricsUrl: string) {
  const samples: Array<{ at: number; up: number }> = [];
  const timer = setInterval(() => {
    void scrape(metricsUrl)
      .then((text) => samples.push({ at: now(), up: metricValue(text, 'lablive_bus_up') }))
      .catch(() => {});
  }, 1000);
  return { samples, stop: () => clearInterval(timer) };
}

export type Recorded = {
  chaos: ChaosCluster;
  rooms: Room[];
  window: Window;
  placedAsAsked: number;
  settled: boolean;
  compared: LogComparison;
  caughtUpMs: number;
  rejoin: { hostedOnCut: boolean; served: boolean; detail: string };
  follower: { roomId: number; receivedMs: number } | null;
  readiness: ReadinessWatch;
  busUp: ReadonlyArray<{ at: number; up: number }>;
};

/** What the operator was told: readiness during and after the partition, and the log's lines. */
function operatorChecks(recorded: Recorded): Check[] {
  const { cutAt, restoredAt } = recorded.window;
  const notReady = recorded.readiness.notReadyBetween(cutAt, restoredAt + 2000);
  const readyAgainAt = recorded.readiness.samples.find((s) => s.at > restoredAt && s.status === 200)?.at;
  const lines = recorded.chaos.lines(recorded.chaos.cluster.instanceName(CUT));
  const since = (pattern: RegExp) => linesMatching(lines, pattern).filter((line) => line.at >= cutAt);
  const lost = since(/NATS (disconnected|connection stale)|NATS error/);
  const regained = since(/NATS reconnected/);
  const gaveUp = since(/bus lost/);
  return [
    check(
      'readiness said lablive-3 could not serve during the partition, and ready after',
      notReady.length > 0 && readyAgainAt !== undefined,
      `${notReady.length} not-ready answers (first ${notReady[0] ? seconds(notReady[0].at - cutAt) : '–'} s after the cut: ${notReady[0]?.body ?? 'none'}); ready again ${readyAgainAt ? `${seconds(readyAgainAt - restoredAt)} s after the restore` : 'never'}`,
    ),
    check(
      'the log says NATS was lost and regained',
      lost.length > 0 && regained.length > 0,
      `lost: ${lost[0]?.msg ?? 'no line'}${gaveUp[0] ? ` then "${gaveUp[0].msg}"` : ''}; regained: ${regained[0]?.msg ?? 'no line'}`,
    ),
  ];
}

/** The scenario's checks and figures from what it recorded. */
export function findings(recorded: Recorded): { checks: Check[]; figures: Figure[] } {
  const { chaos, rooms, window, compared, follower, rejoin } = recorded;
  const { cutAt, restoredAt } = window;
  const outage = unavailability(rooms, window);
  const moved = roomsMoved(chaos, rooms, cutAt);
  const checks: Check[] = [
    check(
      'rooms hosted where first entered',
      recorded.placedAsAsked === rooms.length,
      `${recorded.placedAsAsked} of ${rooms.length} rooms`,
    ),
    check(
      'every command answered',
      recorded.settled && compared.acknowledged > 0,
      recorded.settled
        ? `${compared.acknowledged} chat messages acknowledged`
        : 'commands still unanswered after 60 s',
    ),
    check(
      'every acknowledged message stored exactly once',
      compared.notOnce === 0,
      `${compared.notOnce} not stored once`,
    ),
    check(
      "every client's events are its room's log",
      compared.diverged.length === 0 && compared.duplicates === 0 && compared.gaps === 0,
      `${compared.duplicates} duplicates, ${compared.gaps} gaps, diverged: ${compared.diverged.join(', ') || 'none'}`,
    ),
    check(
      'rooms serve every socket again soon after the partition',
      outage.worstAfterRestore <= BACK_WITHIN_MS,
      `longest wait of a command sent after the restore ${seconds(outage.worstAfterRestore)} s (≤ ${BACK_WITHIN_MS / 1000} s)`,
    ),
    check(
      'the sockets first on lablive-3 caught up after the partition',
      Number.isFinite(recorded.caughtUpMs) && recorded.caughtUpMs <= BACK_WITHIN_MS,
      `with what their rooms had at the restore, ${seconds(recorded.caughtUpMs)} s after it`,
    ),
    check(
      'lablive-3 hosts a new room after the partition',
      rejoin.hostedOnCut && rejoin.served,
      rejoin.detail,
    ),
    check(
      'a new socket on lablive-3 receives a room hosted elsewhere after the partition',
      follower !== null && follower.receivedMs <= BACK_WITHIN_MS,
      follower
        ? `room ${follower.roomId}: first live event ${seconds(follower.receivedMs)} s after joining`
        : 'no room',
    ),
    ...operatorChecks(recorded),
  ];
  const figures: Figure[] = [
    ...outage.figures,
    figure(
      "lablive-3's rooms that moved during the partition",
      `${moved.moved} of ${moved.of} (${moved.where})`,
    ),
    figure(
      'lablive_bus_up on lablive-3 during the partition',
      busUpSummary(recorded.busUp, cutAt, restoredAt),
    ),
  ];
  return { checks, figures };
}

export type Window = { cutAt: number; restoredAt: number; endedAt: number };

/**
 * How long rooms were unavailable, by where the room was hosted and where the socket was: the longest
 * wait for a command's answer and the longest time without an event, from the cut to the end.
 */
function unavailability(rooms: readonly Room[], window: Window) {
  const kinds = [
    { label: "lablive-3's rooms, sockets on lablive-3", room: true, socket: true },
    { label: "lablive-3's rooms, sockets elsewhere", room: true, socket: false },
    { label: 'other rooms, sockets on lablive-3', room: false, socket: true },
    { label: 'other rooms, sockets elsewhere', room: false, socket: false },
  ];
  const figures: Figure[] = [];
  let worstAfterRestore = 0;
  for (const kind of kinds) {
    const chatters = rooms
      .filter((room) => (room.host === CUT) === kind.room)
      .flatMap((room) => room.chatters.filter((c) => (c.instance === CUT) === kind.socket));
    const wait = Math.max(...chatters.map((c) => longestCommandWait(c, window.cutAt, window.endedAt)));
    const silence = Math.max(...chatters.map((c) => longestSilence(c, window.cutAt, window.endedAt)));
    worstAfterRestore = Math.max(
      worstAfterRestore,
      ...chatters.map((c) => longestCommandWait(c, window.restoredAt, window.endedAt)),
    );
    figures.push(
      figure(
        kind.label,
        `longest command wait ${seconds(wait)} s, longest without events ${seconds(silence)} s`,
      ),
    );
  }
  return { figures, worstAfterRestore };
}

/** lablive-3's rooms that another instance started hosting after the cut. */
function roomsMoved(chaos: ChaosCluster, rooms: readonly Room[], cutAt: number) {
  const hosted = rooms.filter((room) => room.host === CUT);
  const where: string[] = [];
  for (const room of hosted) {
    for (const index of [0, 1]) {
      const start = hostStarts(chaos.lines(chaos.cluster.instanceName(index))).find(
        (s) => s.roomId === room.roomId && s.at >= cutAt,
      );
      if (start)
        where.push(`room ${room.roomId} to lablive-${index + 1} after ${seconds(start.at - cutAt)} s`);
    }
  }
  return { moved: where.length, of: hosted.length, where: where.join('; ') || 'kept on lablive-3' };
}

function busUpSummary(samples: ReadonlyArray<{ at: number; up: number }>, from: number, to: number): string {
  const during = samples.filter((s) => s.at >= from && s.at <= to);
  const firstDown = during.find((s) => s.up === 0);
  return firstDown
    ? `0 from ${seconds(firstDown.at - from)} s after the cut`
    : `stayed 1 (${during.length} samples)`;
}
