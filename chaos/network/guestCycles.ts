// The guests of the chaos scenario `network`, all in the impaired browser and watching (camera and
// microphone left off): one stays for the whole part, its picture's width sampled every 2 s (the
// layer it receives); the others come and go until the part's time is up, each visit through the
// event's public link and the waiting room (bench/web/roomVisitor.ts), timed from the Join click to
// the first decoded remote frame, then watched (watchedVideo.ts) for a while and left (tab closed).
import type { Browser } from 'playwright-core';
import { enterWaitingRoom, type Visitor } from '../../bench/web/roomVisitor.ts';
import {
  describePhases,
  type JoinPhases,
  joinPhases,
  notePeerConnections,
  receivedWidth,
  startWatching,
  type WatchedVideo,
  watched,
} from './watchedVideo.ts';

export type GuestPlan = {
  /** Guests coming and going (the one who stays comes on top). */
  cycling: number;
  durationMs: number;
  /** How long a visiting guest watches before leaving. */
  watchMs: number;
  /** Joins timed on the clean network first, the baseline. */
  cleanJoins: number;
};

export type Stayer = {
  /** The picture's width every 2 s since the first frame. */
  widths: number[];
  /** Stops sampling; what the guest saw. */
  finish(): Promise<WatchedVideo>;
  visitor: Visitor;
};

export type CyclesResult = {
  joinsMs: number[];
  /** Where each timed join's time went (same order as joinsMs). */
  phases: JoinPhases[];
  failedJoins: number;
  visits: WatchedVideo[];
};

const scripts = new Set<string>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function visit(browser: Browser, url: string, eventPath: string, label: string): Promise<Visitor> {
  return enterWaitingRoom(browser, url, label, scripts, {
    eventPath,
    devicesOn: false,
    prepare: notePeerConnections,
  });
}

/** A guest who joins now and watches until finish(). */
export async function stayingGuest(browser: Browser, url: string, eventPath: string): Promise<Stayer> {
  const visitor = await visit(browser, url, eventPath, 'Stayer');
  if ((await visitor.timeJoin()) === null) throw new Error('the staying guest saw no remote frame in 30 s');
  await startWatching(visitor.page);
  const widths: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      widths.push(await receivedWidth(visitor.page).catch(() => 0));
      await sleep(2_000);
    }
  })();
  return {
    widths,
    visitor,
    async finish() {
      sampling = false;
      await sampler;
      return watched(visitor.page);
    },
  };
}

/**
 * The baseline: `count` guests joining one after the other on the clean network (the link not up yet),
 * each timed from Join to the first remote frame and gone at once. What the bad link adds is the
 * difference; what this takes is the app and the machine.
 */
export async function cleanJoins(
  browser: Browser,
  url: string,
  eventPath: string,
  count: number,
  log: (line: string) => void,
) {
  const joinsMs: number[] = [];
  for (let index = 0; index < count; index++) {
    const visitor = await visit(browser, url, eventPath, `Clean${index + 1}`);
    try {
      const joinMs = await visitor.timeJoin();
      if (joinMs !== null) joinsMs.push(joinMs);
      log(
        `clean join ${index + 1}: ${joinMs ?? 'no frame'} ms (${describePhases(await joinPhases(visitor.page))})`,
      );
    } finally {
      await visitor.close();
    }
  }
  return joinsMs;
}

/** `plan.cycling` guests coming and going for `plan.durationMs`, their starts spread over one visit. */
export async function cycleGuests(
  browser: Browser,
  url: string,
  eventPath: string,
  plan: GuestPlan,
  log: (line: string) => void,
): Promise<CyclesResult> {
  const result: CyclesResult = { joinsMs: [], phases: [], failedJoins: 0, visits: [] };
  const endAt = Date.now() + plan.durationMs;
  const guest = async (index: number) => {
    await sleep((index * plan.watchMs) / plan.cycling);
    for (let round = 1; Date.now() < endAt; round++) {
      const visitor = await visit(browser, url, eventPath, `Guest${index + 1}r${round}`);
      try {
        const joinMs = await visitor.timeJoin();
        if (joinMs === null) {
          result.failedJoins += 1;
          log(`guest ${index + 1}: no remote frame within 30 s of Join`);
          continue;
        }
        result.joinsMs.push(joinMs);
        const phases = await joinPhases(visitor.page);
        result.phases.push(phases);
        await startWatching(visitor.page);
        await sleep(plan.watchMs);
        const seen = await watched(visitor.page);
        result.visits.push(seen);
        log(
          `guest ${index + 1}: join ${joinMs} ms (${describePhases(phases)}), ` +
            `${(seen.frames / seen.seconds).toFixed(1)} frames/s, ` +
            `longest gap ${Math.round(seen.longestGapMs)} ms, ${seen.frameWidth}x${seen.frameHeight}`,
        );
      } finally {
        // The guest closes the tab: over the bad link the Leave button's navigation can outlast a
        // visit, and the server sees a guest gone either way.
        await visitor.close();
      }
    }
  };
  await Promise.all(Array.from({ length: plan.cycling }, (_, index) => guest(index)));
  return result;
}
