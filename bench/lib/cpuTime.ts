// CPU time from /proc (Linux): of processes by pid, of every PostgreSQL process, and of the whole
// machine (steal included), so a step can say how busy the servers, the load generator and the database
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

/** The pids of the processes whose command name (/proc/<pid>/comm) is `command`. */
export function pidsNamed(command: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** CPU seconds of each process named `postgres`, by pid. */
export function postgresCpuByPid(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pidsNamed('postgres')) {
    const used = cpuSecondsOf(pid);
    if (!Number.isNaN(used)) seconds.set(pid, used);
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

/** The processes under test: none, one, or several (a cluster's instances and its NATS server). */
export type ServerPids = number | readonly number[] | null;

const pidList = (pids: ServerPids): readonly number[] =>
  pids === null ? [] : typeof pids === 'number' ? [pids] : pids;

/** CPU seconds of the processes together; NaN when none is given or one is gone. */
function cpuSecondsOfAll(pids: ServerPids): number {
  const list = pidList(pids);
  return list.length === 0 ? Number.NaN : list.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
}

/** A stopwatch of CPU use: fraction of one core used since `start`, for each source ("server": all of `serverPids`). */
export function startCpuWatch(serverPids: ServerPids): () => CpuUse {
  const wall = performance.now();
  const own = process.cpuUsage();
  const none = pidList(serverPids).length === 0;
  const server = none ? 0 : cpuSecondsOfAll(serverPids);
  const database = postgresCpuByPid();
  const busy = machineBusySeconds();
  return () => {
    const seconds = (performance.now() - wall) / 1000;
    const mine = process.cpuUsage(own);
    const generator = (mine.user + mine.system) / 1e6;
    const serverUsed = none ? 0 : Math.max(0, cpuSecondsOfAll(serverPids) - server);
    const databaseUsed = postgresCpuBetween(database, postgresCpuByPid());
    const others = Math.max(0, machineBusySeconds() - busy - generator - serverUsed - databaseUsed);
    return {
      generator: generator / seconds,
      server: none ? Number.NaN : serverUsed / seconds,
      database: databaseUsed / seconds,
      others: others / seconds,
    };
  };
}

/**
 * Waits until everything but `serverPids`, this process and PostgreSQL used less than `maxOthers` of a
 * core over one second (or `maxWaitMs` passed); returns that share, measured last.
 */
export async function waitForQuietMachine(serverPids: ServerPids, maxOthers: number, maxWaitMs: number) {
  const end = performance.now() + maxWaitMs;
  for (;;) {
    const watch = startCpuWatch(serverPids);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { others } = watch();
    if (others < maxOthers || performance.now() >= end) return others;
  }
}
