// CPU time from /proc (Linux): of one process by pid, of every PostgreSQL process, and of the whole
// machine (steal included), so a step can say how busy the server, the load generator and the database
// were while it ran, and how much CPU went to everything else (other tenants of this shared machine).
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ on Linux x86-64 (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds, or NaN when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of each process named `postgres`, by pid. */
export function postgresCpuByPid(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const used = cpuSecondsOf(Number(entry));
    if (!Number.isNaN(used)) seconds.set(Number(entry), used);
  }
  return seconds;
}

/** PostgreSQL CPU seconds between two samples: backends started meanwhile count whole, ended ones not. */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, used] of after) total += Math.max(0, used - (before.get(pid) ?? 0));
  return total;
}

/** Busy CPU seconds of the whole machine (all cores, time stolen by the hypervisor included). */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
    TICKS_PER_SECOND
  );
}

export type CpuUse = { generator: number; server: number; database: number; others: number };

/** A stopwatch of CPU use: fraction of one core used since `start`, for each source. */
export function startCpuWatch(serverPid: number | null): () => CpuUse {
  const wall = performance.now();
  const own = process.cpuUsage();
  const server = serverPid === null ? 0 : cpuSecondsOf(serverPid);
  const database = postgresCpuByPid();
  const busy = machineBusySeconds();
  return () => {
    const seconds = (performance.now() - wall) / 1000;
    const mine = process.cpuUsage(own);
    const generator = (mine.user + mine.system) / 1e6;
    const serverUsed = serverPid === null ? 0 : Math.max(0, cpuSecondsOf(serverPid) - server);
    const databaseUsed = postgresCpuBetween(database, postgresCpuByPid());
    const others = Math.max(0, machineBusySeconds() - busy - generator - serverUsed - databaseUsed);
    return {
      generator: generator / seconds,
      server: serverPid === null ? Number.NaN : serverUsed / seconds,
      database: databaseUsed / seconds,
      others: others / seconds,
    };
  };
}

/**
 * Waits until everything but `serverPid`, this process and PostgreSQL used less than `maxOthers` of a
 * core over one second (or `maxWaitMs` passed); returns that share, measured last.
 */
export async function waitForQuietMachine(serverPid: number | null, maxOthers: number, maxWaitMs: number) {
  const end = performance.now() + maxWaitMs;
  for (;;) {
    const watch = startCpuWatch(serverPid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { others } = watch();
    if (others < maxOthers || performance.now() >= end) return others;
  }
}
