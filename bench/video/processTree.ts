// The processes this benchmark started, found in /proc by their parent chain (Linux): Janus runs under
// infra/janus/start.sh's exec and the testkit does not hand out its pid, and other people's Janus or
// Chromium on this shared machine must not be counted.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the parent is the second field after its parenthesis.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Every living process below `root` (children, their children...). */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The one process named `command` (/proc/<pid>/comm) that this process started; throws unless exactly one. */
export function ownProcessNamed(command: string): number {
  const found = descendantsOf(process.pid).filter((pid) => commandOf(pid) === command);
  if (found.length !== 1) throw new Error(`expected one ${command} process of ours, found ${found.length}`);
  return found[0] ?? 0;
}

/** The processes this one started whose command name starts with `prefix` (Chromium's are 'chromium', 'chrome'...). */
export function ownProcessesNamed(prefix: string): number[] {
  return descendantsOf(process.pid).filter((pid) => commandOf(pid).startsWith(prefix));
}

/** The one process this one started whose command line holds `argument` (a script's path); throws unless one. */
export function ownProcessRunning(argument: string): number {
  const found = descendantsOf(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(argument);
    } catch {
      return false;
    }
  });
  if (found.length !== 1)
    throw new Error(`expected one process of ours running ${argument}, found ${found.length}`);
  return found[0] ?? 0;
}
