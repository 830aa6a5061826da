// The bad link of the chaos scenario `network` as processes on this machine: badLink.c built with gcc
// (libnetfilter-queue-dev), started, and an iptables chain of its own (Debian's iptables package) that
// hands it the packets a chosen user id sends (mark 1) and every packet of those flows sent back to it
// (conntrack mark, mark 2). The impaired browser runs as that user id (impairedChromium.sh), so its
// pages, and only they, are behind the link. Which of their packets: `traffic` 'udp' (the default, what
// libwebrtc's fake network impaired) or 'all' (room socket and HTTP too, as a real bad network does).
// Removed by the cleanup registry whatever happens (the rules first, so nothing waits in a queue nobody
// reads; `--queue-bypass` lets packets through if the process dies).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { onCleanup } from '../../bench/lib/cleanup.ts';

const run = promisify(execFile);
const SOURCE = path.join(import.meta.dirname, 'badLink.c');
/** The user id the impaired browser runs as; no account is needed. */
export const BAD_LINK_UID = 3131;
const QUEUE = 31;

/**
 * 'udp': the browser's UDP only, i.e. WebRTC's media path: RTP and RTCP, and with them ICE's STUN
 * checks and DTLS's handshake, which share the media's UDP 5-tuple (one socket per connection, bundled)
 * and cannot be told apart from it by a port rule; HTTP and the room's WebSocket (TCP) stay clean.
 * 'all': every packet of the browser, TCP included.
 */
export type ImpairedTraffic = 'udp' | 'all';

export type BadLinkConfig = {
  traffic: ImpairedTraffic;
  lossPercent: number;
  delayMs: number;
  capacityKbps: number;
  queueLimitMs: number;
};

/** Packets one direction of the link saw, dropped at random, and dropped at the tail of its queue. */
export type DirectionCounts = { seen: number; lost: number; tailDropped: number };

/** What the link did, per direction, from the impaired side: packets it sent, packets sent to it. */
export type BadLinkCounts = { sent: DirectionCounts; received: DirectionCounts; delivered: number };

export type BadLink = { stop(): Promise<BadLinkCounts | null> };

async function build(): Promise<{ binary: string; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lablive-badlink-'));
  const binary = path.join(dir, 'badLink');
  try {
    await run('gcc', ['-O2', '-o', binary, SOURCE, '-lnetfilter_queue']);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(
      `could not build badLink.c (needs gcc and Debian's libnetfilter-queue-dev): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { binary, dir };
}

const CHAIN = 'LABLIVE_CHAOS_BADLINK';
/** Connections the impaired user id took part in (conntrack mark), so the answers come back through too. */
const CONNECTION_MARK = '0x3131';

/**
 * iptables and ip6tables (Debian's, over nftables: this kernel has xtables' NFQUEUE, not nftables' own
 * queue); both, as Chromium connects its pages over IPv6 when the machine has it.
 */
const TOOLS = ['iptables', 'ip6tables'] as const;

async function removeRules(): Promise<void> {
  for (const tool of TOOLS) {
    const mangle = (...args: string[]) => run(tool, ['-w', '-t', 'mangle', ...args]).catch(() => {});
    await mangle('-D', 'OUTPUT', '-j', CHAIN);
    await mangle('-F', CHAIN);
    await mangle('-X', CHAIN);
  }
}

async function addRules(uid: number, traffic: ImpairedTraffic): Promise<void> {
  for (const tool of TOOLS) await addRulesWith(tool, uid, traffic);
}

async function addRulesWith(
  tool: (typeof TOOLS)[number],
  uid: number,
  traffic: ImpairedTraffic,
): Promise<void> {
  const mangle = (...args: string[]) => run(tool, ['-w', '-t', 'mangle', ...args]);
  await mangle('-N', CHAIN);
  // Only the flows the browser's own packets opened are marked, so the answers follow the same filter.
  const protocol = traffic === 'udp' ? ['-p', 'udp'] : [];
  const owned = [...protocol, '-m', 'owner', '--uid-owner', String(uid)];
  const connected = ['-m', 'connmark', '--mark', CONNECTION_MARK];
  const queued = ['-j', 'NFQUEUE', '--queue-num', String(QUEUE), '--queue-bypass'];
  await mangle('-A', CHAIN, ...owned, '-j', 'CONNMARK', '--set-mark', CONNECTION_MARK);
  await mangle('-A', CHAIN, ...owned, '-j', 'MARK', '--set-mark', '1');
  await mangle('-A', CHAIN, ...owned, ...queued);
  await mangle('-A', CHAIN, ...connected, '-j', 'MARK', '--set-mark', '2');
  await mangle('-A', CHAIN, ...connected, ...queued);
  await mangle('-I', 'OUTPUT', '-j', CHAIN);
}

function waitForReady(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`badLink did not start: ${output()}`)), 10_000);
    child.stdout?.on('data', () => {
      if (output().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`badLink exited (${code}): ${output()}`));
    });
  });
}

export async function startBadLink(config: BadLinkConfig): Promise<BadLink> {
  const { binary, dir } = await build();
  const removeDir = onCleanup(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
  let output = '';
  const child = spawn(
    binary,
    [QUEUE, config.lossPercent, config.delayMs, config.capacityKbps, config.queueLimitMs].map(String),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopProcess = onCleanup('stop badLink', async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  await waitForReady(child, () => output);
  // Rules left by an interrupted run are replaced.
  await removeRules();
  const removeTable = onCleanup(`remove the iptables chain ${CHAIN}`, removeRules);
  await addRules(BAD_LINK_UID, config.traffic);
  return {
    async stop() {
      await removeTable();
      await stopProcess();
      await removeDir();
      const counts = output.split('\n').find((line) => line.startsWith('{'));
      return counts ? (JSON.parse(counts) as BadLinkCounts) : null;
    },
  };
}
