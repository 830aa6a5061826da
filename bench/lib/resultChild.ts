// A benchmark's worker process (a load generator, a latency probe): pinned to its core, told what to do
// in a JSON file in a temporary folder (its only argument), answering with one `RESULT {json}` line on
// stdout; stopped and its folder removed whatever happens.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { startPinned } from './pinnedProcess.ts';

export type ResultChildOptions = {
  name: string;
  /** The script, relative to the repository. */
  script: string;
  core: number;
  config: unknown;
  timeoutMs: number;
  nodeFlags?: string[];
};

/** The child's RESULT line, parsed; the caller knows its shape (it wrote the child). */
export async function runResultChild(options: ResultChildOptions): Promise<unknown> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-gen-'));
  const removeConfig = onCleanup(`remove ${configDir}`, () =>
    rm(configDir, { recursive: true, force: true }),
  );
  try {
    const configPath = path.join(configDir, 'config.json');
    await writeFile(configPath, JSON.stringify(options.config));
    const child = startPinned({
      name: options.name,
      core: options.core,
      args: [options.script, configPath],
      env: {},
      nodeFlags: options.nodeFlags ?? [],
      echo: 'stderr',
    });
    try {
      return JSON.parse(await child.line('RESULT ', options.timeoutMs));
    } finally {
      await child.stop(5000);
    }
  } finally {
    await removeConfig();
  }
}
