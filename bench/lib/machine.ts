// What the figures were measured on: cores, memory, CPU model, kernel, Node and PostgreSQL versions and
// the load average (the machine is shared: a high one means noisy neighbours).
import os from 'node:os';
import { adminQuery } from './benchDatabase.ts';

export type MachineInfo = {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  kernel: string;
  node: string;
  postgres: string;
  synchronousCommit: string;
  loadAverage: [number, number, number];
};

export async function describeMachine(): Promise<MachineInfo> {
  const [version] = await adminQuery<{ server_version: string }>('SHOW server_version');
  const [sync] = await adminQuery<{ synchronous_commit: string }>('SHOW synchronous_commit');
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return {
    nproc: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: version?.server_version ?? 'unknown',
    synchronousCommit: sync?.synchronous_commit ?? 'unknown',
    loadAverage: [one, five, fifteen],
  };
}
