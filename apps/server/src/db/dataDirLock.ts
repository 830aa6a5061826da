// One LabLive process per DATA_DIR. Two servers on one embedded database folder would corrupt it, so
// the second one stops with a clear message. A lock left by a process that died is taken over.
import { promises as fs } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another LabLive process (pid ${pid}). ` +
        'Stop that process, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type DataDirLock = { release(): Promise<void> };

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'lablive.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, String(process.pid), { flag: 'wx' });
      return {
        async release() {
          const owner = await fs.readFile(file, 'utf8').catch(() => '');
          if (owner.trim() === String(process.pid)) await fs.rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && isProcessAlive(owner)) {
      throw new DataDirInUseError(dataDir, owner);
    }
    // Stale: its process is gone. Remove it and try again (another starter may win the race).
    await fs.rm(file, { force: true });
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
