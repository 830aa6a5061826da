// What the bad link of the chaos scenario `network` needs on this machine, checked before anything
// starts so that a machine without it gets a failed check naming the missing piece, not a crash half
// way: root (iptables rules, a browser run as another user id), iptables and ip6tables (Debian's
// `iptables` package; NFQUEUE through xtables), gcc and the libnetfilter_queue headers (badLink.c is
// built on each run), setpriv (util-linux, to start the browser as that user id). As root, the
// missing packages are installed with apt-get, once, and checked again.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const INSTALL_COMMAND = 'apt-get install -y iptables libnetfilter-queue-dev gcc';
const PACKAGES = ['iptables', 'libnetfilter-queue-dev', 'gcc'];
const NFQUEUE_HEADER = '/usr/include/libnetfilter_queue/libnetfilter_queue.h';

export type BadLinkNeeds = {
  ready: boolean;
  /** What was missing, what was installed, or that all was there. */
  detail: string;
};

async function onPath(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/** The pieces missing right now, each named with the package that brings it. */
async function missingPieces(): Promise<string[]> {
  const missing: string[] = [];
  for (const tool of ['iptables', 'ip6tables'])
    if (!(await onPath(tool))) missing.push(`${tool} (package iptables)`);
  if (!(await onPath('gcc'))) missing.push('gcc (package gcc)');
  if (!existsSync(NFQUEUE_HEADER)) missing.push(`${NFQUEUE_HEADER} (package libnetfilter-queue-dev)`);
  if (!(await onPath('setpriv'))) missing.push('setpriv (package util-linux)');
  return missing;
}

/** Checks what the bad link needs; as root, installs what is missing (apt-get) and checks again. */
export async function ensureBadLinkNeeds(log: (line: string) => void): Promise<BadLinkNeeds> {
  if (process.getuid?.() !== 0)
    return {
      ready: false,
      detail:
        'not root: the bad link needs iptables rules and a browser run as another user id; run the ' +
        `scenario as root (with ${INSTALL_COMMAND} done)`,
    };
  const missing = await missingPieces();
  if (missing.length === 0)
    return { ready: true, detail: 'root, iptables, gcc and libnetfilter-queue-dev present' };
  log(`the bad link misses ${missing.join(', ')}: apt-get install -y ${PACKAGES.join(' ')}`);
  try {
    await run('apt-get', ['install', '-y', ...PACKAGES], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    return {
      ready: false,
      detail: `missing ${missing.join(', ')}; ${INSTALL_COMMAND} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
  const still = await missingPieces();
  return still.length === 0
    ? { ready: true, detail: `installed with ${INSTALL_COMMAND} (was missing ${missing.join(', ')})` }
    : { ready: false, detail: `still missing after ${INSTALL_COMMAND}: ${still.join(', ')}` };
}
