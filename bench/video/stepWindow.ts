// One step's measuring window: every viewer's decoded frames (getStats' framesDecoded, before and after),
// what the publisher's page encoded meanwhile, and the CPU time of Janus (/proc utime + stime), of the
// publisher page's renderer, of all of Chromium, of the LabLive server, and of everything else on this
// shared machine. A window during which other processes were busy is measured again (twice at most) and
// the least disturbed one kept; each waits first, a while, for the machine to be quiet.
import { cpuSecondsOf, machineBusySeconds, postgresCpuByPid, waitForQuietMachine } from '../lib/cpuTime.ts';
import { ownProcessesNamed } from './processTree.ts';
import type { ReceivedVideo, RtcPage, SentVideo } from './rtcPage.ts';
import type { FrameRates, SentLayer, WindowCpu } from './videoPlan.ts';
import type { Viewer } from './viewerPages.ts';

/** Cores other processes may use during a window before it counts as disturbed. */
export const MAX_OTHERS_CORES = 0.5;
const MEASURES_PER_STEP = 3;

export type StepWindow = { frames: FrameRates; sent: SentLayer[]; cpu: WindowCpu };

export type WindowInput = {
  viewers: readonly Viewer[];
  publisher: RtcPage;
  /** The publisher page's sending connections (one to Janus; one per viewer in the mesh). */
  sending: readonly string[];
  janusPid: number | null;
  serverPid: number;
  seconds: number;
  /** How long to wait for a quiet machine before the window. */
  quietWaitMs: number;
};

/** Every viewer's last stats, one getStats round per page. */
async function receivedBy(viewers: readonly Viewer[]): Promise<Map<string, ReceivedVideo>> {
  const byPage = new Map<RtcPage, string[]>();
  for (const viewer of viewers) byPage.set(viewer.page, [...(byPage.get(viewer.page) ?? []), viewer.id]);
  const found = new Map<string, ReceivedVideo>();
  for (const [page, ids] of byPage) for (const entry of await page.received(ids)) found.set(entry.id, entry);
  return found;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

const size = (video: { width: number; height: number }) => `${video.width}x${video.height}`;

/** The value met most often. */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '–';
}

function frameRates(
  viewers: readonly Viewer[],
  before: Map<string, ReceivedVideo>,
  after: Map<string, ReceivedVideo>,
  seconds: number,
): FrameRates {
  const rates = viewers.map(
    (viewer) =>
      ((after.get(viewer.id)?.framesDecoded ?? 0) - (before.get(viewer.id)?.framesDecoded ?? 0)) / seconds,
  );
  const sizes = [...after.values()];
  const smallest = [...sizes].sort((a, b) => a.width * a.height - b.width * b.height)[0];
  return {
    decoding: rates.filter((rate) => rate > 0).length,
    minFps: rates.length === 0 ? Number.NaN : Math.min(...rates),
    medianFps: median(rates),
    commonFrame: mostCommon(sizes.map(size)),
    smallestFrame: smallest ? size(smallest) : '–',
  };
}

/** Per layer (rid; '' without simulcast): the slowest connection's frames/s, the size, what limited it. */
function sentLayers(before: SentVideo[], after: SentVideo[], seconds: number): SentLayer[] {
  const layers = new Map<string, SentLayer>();
  for (const connection of after) {
    const was = before.find((entry) => entry.id === connection.id);
    for (const layer of connection.layers) {
      const start = was?.layers.find((entry) => entry.rid === layer.rid)?.framesEncoded ?? 0;
      const fps = (layer.framesEncoded - start) / seconds;
      const known = layers.get(layer.rid);
      layers.set(layer.rid, {
        rid: layer.rid,
        connections: (known?.connections ?? 0) + 1,
        minFps: Math.min(known?.minFps ?? Number.POSITIVE_INFINITY, fps),
        size: size(layer),
        limitations: [...new Set([...(known?.limitations ?? []), layer.limitation])],
      });
    }
  }
  return [...layers.values()].sort((a, b) => a.rid.localeCompare(b.rid));
}

/** CPU seconds of each process, for those alive at both ends. */
const cpuOf = (pids: readonly number[]) => new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
function usedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) {
    const was = before.get(pid) ?? Number.NaN;
    if (Number.isFinite(seconds) && Number.isFinite(was)) used += seconds - was;
  }
  return used;
}

async function measureOnce(input: WindowInput): Promise<StepWindow> {
  const chromiumPids = ownProcessesNamed('chromium');
  const janusPids = input.janusPid === null ? [] : [input.janusPid];
  const janusBefore = cpuOf(janusPids);
  const serverBefore = cpuOf([input.serverPid]);
  const chromiumBefore = cpuOf(chromiumPids);
  const postgresBefore = postgresCpuByPid();
  const ownBefore = process.cpuUsage();
  const busyBefore = machineBusySeconds();
  const publisherBefore = await input.publisher.processCpuSeconds();
  const sentBefore = await input.publisher.sent([...input.sending]);
  const before = await receivedBy(input.viewers);
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, input.seconds * 1000));
  const after = await receivedBy(input.viewers);
  const sentAfter = await input.publisher.sent([...input.sending]);
  const elapsed = (performance.now() - startedAt) / 1000;
  const publisherUsed = (await input.publisher.processCpuSeconds()) - publisherBefore;
  const busy = machineBusySeconds() - busyBefore;
  const own = process.cpuUsage(ownBefore);
  const janus = usedBetween(janusBefore, cpuOf(janusPids));
  const server = usedBetween(serverBefore, cpuOf([input.serverPid]));
  const chromium = usedBetween(chromiumBefore, cpuOf(chromiumPids));
  const postgres = usedBetween(postgresBefore, postgresCpuByPid());
  const others = busy - janus - server - chromium - postgres - (own.user + own.system) / 1e6;
  return {
    frames: frameRates(input.viewers, before, after, elapsed),
    sent: sentLayers(sentBefore, sentAfter, elapsed),
    cpu: {
      janus: input.janusPid === null ? Number.NaN : janus / elapsed,
      publisherPage: publisherUsed / elapsed,
      chromium: chromium / elapsed,
      server: server / elapsed,
      others: Math.max(0, others) / elapsed,
    },
  };
}

/** Waits (up to `waitMs`) until processes other than the bench's use less than MAX_OTHERS_CORES; returns their share. */
export function quietMachine(janusPid: number | null, serverPid: number, waitMs: number): Promise<number> {
  const ours = [...(janusPid === null ? [] : [janusPid]), serverPid, ...ownProcessesNamed('chromium')];
  return waitForQuietMachine(ours, MAX_OTHERS_CORES, waitMs);
}

export async function measureStep(input: WindowInput): Promise<StepWindow & { measures: number }> {
  let best: StepWindow | null = null;
  let measures = 0;
  while (measures < MEASURES_PER_STEP) {
    await quietMachine(input.janusPid, input.serverPid, input.quietWaitMs);
    const window = await measureOnce(input);
    measures++;
    if (!best || window.cpu.others < best.cpu.others) best = window;
    if (window.cpu.others <= MAX_OTHERS_CORES) break;
  }
  if (!best) throw new Error('no window measured');
  return { ...best, measures };
}

export const percent = (cores: number) => `${(cores * 100).toFixed(1)} %`;

/** One line of progress: what the viewers decoded, what was encoded, the CPU. */
export function describeWindow(window: StepWindow & { measures: number }): string {
  const { frames, cpu } = window;
  const sent = window.sent
    .map(
      (layer) =>
        `${layer.rid || `${layer.connections}×`} ${layer.size} ${layer.minFps.toFixed(1)}/s ${layer.limitations.join('+')}`,
    )
    .join(', ');
  return (
    `${frames.decoding} decoding ${frames.commonFrame} (smallest ${frames.smallestFrame}), min ${frames.minFps.toFixed(1)} fps; ` +
    `sent ${sent}; publisher page ${percent(cpu.publisherPage)}, Chromium ${cpu.chromium.toFixed(2)} cores, ` +
    `others ${cpu.others.toFixed(2)} cores${window.measures > 1 ? ` (${window.measures} windows)` : ''}`
  );
}

/** Why a step shows the machine's limit: joins without a frame in time, viewers decoding nothing. */
export function notCarried(viewers: number, joinsMs: ReadonlyArray<number | null>, decoding: number): string {
  const late = joinsMs.filter((join) => join === null).length;
  return (
    `at ${viewers} viewers: ${late} join(s) without a frame in time, ` +
    `${viewers - decoding} viewer(s) decoding nothing during the window`
  );
}
