// The live room in the browser (issue 4's performance figures): the time from clicking Join in the
// waiting room to the first decoded frame of a remote camera, and the JavaScript the room route loads,
// gzipped. The web app is built from the current sources into a temporary folder (so the figures are
// always of this checkout, and a build by someone else meanwhile cannot break the pages), then served
// by the real server on a fresh database with the demo data, and visited in the system Chromium with a
// fake camera and microphone, one browser context per person. A host waits in each of the demo
// event's two rooms with the camera on; each new guest is timed against the host of the room the
// automatic distribution gives it. Server, browser, database and build are removed afterwards, also
// when the run fails.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '@lablive/testkit/browser';
import { startServerProcess } from '@lablive/testkit/serverProcess';
import { adminQuery, databaseUrl } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { REPO_ROOT } from '../lib/pinnedProcess.ts';
import { enterWaitingRoom, type Visitor, visitBytes } from './roomVisitor.ts';

export type WebBenchResult = {
  /** When the run started, UTC, `YYYY-MM-DD HH:MM:SS`. */
  date: string;
  quick: boolean;
  /** Every timed join, in order: Join click to the first decoded remote frame. */
  joinToFirstFrameMs: number[];
  /** Joins that showed no remote frame within 30 s (not in the figures above). */
  failedJoins: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** 1, 5 and 15 minute load averages. */
  loadAverageAtStart: [number, number, number];
  loadAverageAtEnd: [number, number, number];
  /** Every script a guest's pages load from the public link up to the live room, gzipped (1 kB = 1000 B). */
  roomRouteJsGzipKb: number;
  roomRouteFiles: { file: string; gzipKb: number }[];
  /** HTTP bytes from the public link into the live room, empty cache then a return visit (1 kB = 1000 B). */
  firstVisitKb: number;
  secondVisitKb: number;
};

/**
 * Issue 15's targets (the median join and its 90th percentile, the room route's weight) and issue 28's
 * (a returning guest's browser downloads little more than the API's answers).
 */
export const WEB_TARGETS = {
  medianJoinMs: 500,
  p90JoinMs: 800,
  roomRouteJsGzipKb: 250,
  secondVisitKb: 30,
} as const;

const TIMED_JOINS = { quick: 3, full: 12 } as const;
/** Guests the distribution puts in a room without a host are not timed; this bounds the tries. */
const MAX_GUESTS_PER_JOIN = 3;
const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const VITE = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');

const loadAverage = (): [number, number, number] => {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
};

const round1 = (value: number) => Math.round(value * 10) / 10;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** `vite build` of apps/web into `outDir`, with the output kept for the error when it fails. */
function buildWebApp(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: WEB_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** Each script's gzipped size in bytes, by its path in the build. */
async function gzipBytes(
  dist: string,
  scripts: Iterable<string>,
): Promise<{ file: string; bytes: number }[]> {
  return Promise.all(
    [...scripts].sort().map(async (file) => ({
      file,
      bytes: gzipSync(await readFile(path.join(dist, file))).byteLength,
    })),
  );
}

export async function runWebBench(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<WebBenchResult> {
  const { quick, log } = options;
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = loadAverage();
  const wanted = quick ? TIMED_JOINS.quick : TIMED_JOINS.full;

  const dist = await mkdtemp(path.join(os.tmpdir(), 'lablive-web-bench-'));
  const removeDist = onCleanup(`remove ${dist}`, () => rm(dist, { recursive: true, force: true }));
  const database = `lablive_bench_web_${process.pid}_${Date.now()}`;
  let dropDatabase: (() => Promise<void>) | null = null;
  let stopServer: (() => Promise<void>) | null = null;
  let closeBrowser: (() => Promise<void>) | null = null;
  try {
    log('building the web app from the current sources');
    await buildWebApp(dist);

    await adminQuery(`CREATE DATABASE ${database}`);
    dropDatabase = onCleanup(`drop database ${database}`, () =>
      adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    );
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl(database),
      SEED_DEMO_DATA: 'true',
      WEB_DIST_DIR: dist,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ACCESS_TOKEN_SECRET: 'web-bench-access-token-secret-of-32-characters',
    });
    stopServer = onCleanup('stop the web bench server', () => server.stop());
    // Closed by the cleanup below (also on SIGINT/SIGTERM), not by Playwright's own signal handlers.
    const browser = await launchChromium({ signals: false });
    closeBrowser = onCleanup('close the web bench browser', () => browser.close());

    const scripts = new Set<string>();
    // A host in each room, so every guest has someone to see whichever room it is given.
    const hosts = new Map<number, Visitor>();
    for (let attempt = 0; attempt < 4 && hosts.size < 2; attempt++) {
      const host = await enterWaitingRoom(browser, server.url, `Host${attempt}`, scripts);
      if (hosts.has(host.roomId)) {
        await host.close();
        continue;
      }
      await host.join();
      hosts.set(host.roomId, host);
    }
    log(`hosts waiting in rooms ${[...hosts.keys()].join(' and ')}`);

    const joins: number[] = [];
    let failedJoins = 0;
    let guests = 0;
    while (joins.length + failedJoins < wanted) {
      if (guests >= wanted * MAX_GUESTS_PER_JOIN)
        throw new Error(`only ${joins.length} of ${wanted} guests were given a room with a host`);
      guests += 1;
      const guest = await enterWaitingRoom(browser, server.url, `Guest${guests}`, scripts);
      try {
        if (!hosts.has(guest.roomId)) continue;
        const elapsed = await guest.timeJoin();
        if (elapsed === null) failedJoins += 1;
        else joins.push(elapsed);
        log(
          `join ${joins.length + failedJoins}/${wanted}: ${elapsed === null ? 'no remote frame in 30 s' : `${elapsed} ms`}`,
        );
        if (elapsed !== null) await guest.leave();
      } finally {
        await guest.close();
      }
    }
    if (joins.length === 0) throw new Error(`none of ${failedJoins} joins showed a remote frame`);

    const visit = await visitBytes(browser, server.url);
    log(`a guest's visit: ${visit.first} bytes with an empty cache, ${visit.second} bytes on return`);

    const files = await gzipBytes(dist, scripts);
    return {
      date,
      quick,
      joinToFirstFrameMs: joins,
      failedJoins,
      medianMs: median(joins),
      minMs: Math.min(...joins),
      maxMs: Math.max(...joins),
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      roomRouteJsGzipKb: round1(files.reduce((sum, entry) => sum + entry.bytes, 0) / 1000),
      roomRouteFiles: files.map(({ file, bytes }) => ({ file, gzipKb: round1(bytes / 1000) })),
      firstVisitKb: round1(visit.first / 1000),
      secondVisitKb: round1(visit.second / 1000),
    };
  } finally {
    await closeBrowser?.();
    await stopServer?.();
    await dropDatabase?.();
    await removeDist();
  }
}
