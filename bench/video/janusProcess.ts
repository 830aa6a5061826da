// The media server of the video benchmark: Debian's Janus started through infra/janus/start.sh as an
// operator starts it (the testkit's startTestJanus), stopped by the cleanup registry whatever happens,
// and its process id, for its CPU time.
import { startTestJanus, type TestJanus } from '@lablive/testkit/janus';
import { onCleanup } from '../lib/cleanup.ts';
import { ownProcessNamed } from './processTree.ts';

export type BenchJanus = TestJanus & { pid: number };

export async function startBenchJanus(): Promise<BenchJanus> {
  const janus = await startTestJanus();
  const stop = onCleanup('stop Janus', () => janus.stop());
  try {
    return { ...janus, pid: ownProcessNamed('janus'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
