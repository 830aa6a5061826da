// The checks and figures of the chaos scenario `network`, from what each part measured (networkPart.ts)
// and from the proof that the bad link is in effect (impairment.ts).
import { type Check, check, type Figure, figure, percentile } from '../lib/scenario.ts';
import type { DirectionCounts } from './badLinkProcess.ts';
import type { ImpairmentProof } from './impairment.ts';
import { LOWEST_LAYER_WIDTH, type PartResult } from './networkPart.ts';
import { FROZEN_MS, type WatchedVideo } from './watchedVideo.ts';

/** Issue 31: join → first remote frame, 90th percentile. */
const P90_JOIN_MS = 1_500;
/** A p90 from fewer joins says little (a --quick try makes only a few). */
export const MIN_JOINS = { full: 10, quick: 3 } as const;

const all = (part: PartResult): WatchedVideo[] => [part.stayer, ...part.cycles.visits];
const longestGap = (part: PartResult) => Math.max(...all(part).map((seen) => seen.longestGapMs));
const ms = (value: number) => `${Math.round(value)} ms`;

export function partChecks(part: PartResult, minJoins: number): Check[] {
  const { joinsMs, failedJoins } = part.cycles;
  const p90 = percentile(joinsMs, 90);
  const checks = [
    check(
      `${part.label}: join → first remote frame p90 ≤ ${P90_JOIN_MS / 1000} s`,
      p90 <= P90_JOIN_MS && failedJoins === 0 && joinsMs.length >= minJoins,
      `p90 ${ms(p90)} over ${joinsMs.length} joins (at least ${minJoins} needed), ${failedJoins} without a frame in 30 s`,
    ),
    check(
      `${part.label}: no video frozen longer than ${FROZEN_MS / 1000} s`,
      longestGap(part) <= FROZEN_MS,
      `longest time without a new frame ${ms(longestGap(part))} over ${all(part).length} guests' views ` +
        `(${all(part).reduce((sum, seen) => sum + seen.frozen, 0)} gaps over ${FROZEN_MS / 1000} s)`,
    ),
  ];
  if (part.recovery) {
    const dropped = part.widths.some((width) => width <= LOWEST_LAYER_WIDTH);
    const { ms: after, width } = part.recovery;
    checks.push(
      check(
        `${part.label}: the stage drops to the lowest layer on the bad network and comes back`,
        dropped && after !== null,
        `widths received while bad: ${describeWidths(part.widths)}; after the link was lifted ` +
          (after === null ? `still ${width} px` : `${width} px within ${ms(after)}`),
      ),
    );
  }
  return checks;
}

function describeWidths(widths: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const width of widths) counts.set(width, (counts.get(width) ?? 0) + 1);
  return [...counts].map(([width, count]) => `${width} px ×${count}`).join(', ') || 'none';
}

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function partFigures(part: PartResult): Figure[] {
  const views = all(part);
  const { joinsMs } = part.cycles;
  const lost = views.reduce((sum, seen) => sum + seen.packetsLost, 0);
  const received = views.reduce((sum, seen) => sum + seen.packetsReceived, 0);
  const rtts = views.flatMap((seen) => (seen.iceRoundTripMs === null ? [] : [seen.iceRoundTripMs]));
  const sizes = views.map((seen) => `${seen.frameWidth}x${seen.frameHeight}`);
  const link = part.link;
  const share = (direction: DirectionCounts) =>
    direction.seen === 0
      ? '–'
      : `${((100 * direction.lost) / direction.seen).toFixed(1)} % lost + ${((100 * direction.tailDropped) / direction.seen).toFixed(1)} % queue drops of ${direction.seen}`;
  const label = part.label;
  return [
    figure(
      `${label}: join → first remote frame p50 / p90`,
      `${ms(median(joinsMs))} / ${ms(percentile(joinsMs, 90))} (${joinsMs.length} joins, ${part.cycles.failedJoins} failed)`,
    ),
    figure(`${label}: where a join's time went (medians from the Join click)`, describeMedianPhases(part)),
    figure(
      `${label}: the same on the clean network before, p50 / p90 (the baseline: the app and the machine)`,
      part.cleanJoinsMs.length === 0
        ? 'none timed'
        : `${ms(median(part.cleanJoinsMs))} / ${ms(percentile(part.cleanJoinsMs, 90))} (${part.cleanJoinsMs.length} joins); ` +
            `the bad link adds ${ms(percentile(joinsMs, 90) - percentile(part.cleanJoinsMs, 90))} at p90`,
    ),
    figure(
      `${label}: freezes (no new frame > ${FROZEN_MS / 1000} s) and longest gap`,
      `${views.reduce((sum, seen) => sum + seen.frozen, 0)}, longest ${ms(longestGap(part))}; Chromium's freezeCount ` +
        `${views.reduce((sum, seen) => sum + seen.chromiumFreezes, 0)} (${ms(views.reduce((sum, seen) => sum + seen.chromiumFrozenMs, 0))} in all)`,
    ),
    figure(
      `${label}: frames/s decoded (median guest view; the staying guest)`,
      `${median(views.map((seen) => seen.frames / seen.seconds)).toFixed(1)}; ${(part.stayer.frames / part.stayer.seconds).toFixed(1)} over ${Math.round(part.stayer.seconds)} s`,
    ),
    figure(`${label}: picture received (each view's last)`, [...new Set(sizes)].join(', ')),
    figure(
      `${label}: video loss and round trip the guests saw`,
      `${received + lost > 0 ? ((100 * lost) / (received + lost)).toFixed(1) : '–'} % of packets lost after retransmissions; ICE round trip median ${rtts.length > 0 ? ms(median(rtts)) : '–'}`,
    ),
    figure(
      `${label}: the link's own counts (to the guests; from them)`,
      link ? `${share(link.received)}; ${share(link.sent)}` : 'not read',
    ),
  ];
}

function describeMedianPhases(part: PartResult): string {
  const { phases, joinsMs } = part.cycles;
  const at = (pick: (phase: (typeof phases)[number]) => number | null) => {
    const values = phases.map(pick).filter((value): value is number => value !== null);
    return values.length === 0 ? '–' : `+${ms(median(values))}`;
  };
  return (
    `peer connection made ${at((phase) => phase.connection)}, ICE connected ${at((phase) => phase.ice)}, ` +
    `DTLS done ${at((phase) => phase.dtls)}, first frame +${ms(median(joinsMs))}`
  );
}

export function proofFigures(proof: ImpairmentProof): Figure[] {
  return [
    figure(
      'RTCP round trip, clean and impaired (same camera, same sender)',
      `${ms(proof.clean.rtcpRoundTripMs)} and ${ms(proof.impaired.rtcpRoundTripMs)}`,
    ),
    figure(
      'video packets lost, clean and impaired (receiver, after retransmissions)',
      `${proof.clean.lossPercent.toFixed(1)} % and ${proof.impaired.lossPercent.toFixed(1)} %`,
    ),
  ];
}
