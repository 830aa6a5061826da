// A real Janus (Debian's package) for the tests that need the media server: started through
// infra/janus/start.sh, as an operator starts it, on a free port with secrets of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@lablive/server/testing';
import { REPO_ROOT } from './repoRoot.ts';

export type TestJanus = {
  url: string;
  port: number;
  apiSecret: string;
  adminKey: string;
  /** Stops Janus (SIGTERM, then SIGKILL): a media server lost. */
  stop(): Promise<void>;
};

export async function startTestJanus(
  options: {
    rtpPorts?: string;
    /** A pool's servers share their secrets (one JANUS_API_SECRET and JANUS_ADMIN_KEY for all). */
    secrets?: { apiSecret: string; adminKey: string };
    /** The API's port: a free one by default; an earlier server's to start it again after a stop. */
    port?: number;
  } = {},
): Promise<TestJanus> {
  const port = options.port ?? (await freePort());
  const apiSecret = options.secrets?.apiSecret ?? randomBytes(12).toString('hex');
  const adminKey = options.secrets?.adminKey ?? randomBytes(12).toString('hex');
  const runDir = await mkdtemp(path.join(tmpdir(), 'lablive-janus-'));
  const child: ChildProcess = spawn(path.join(REPO_ROOT, 'infra/janus/start.sh'), [], {
    env: {
      ...process.env,
      JANUS_API_SECRET: apiSecret,
      JANUS_ADMIN_KEY: adminKey,
      JANUS_WS_PORT: String(port),
      JANUS_WS_BIND: '127.0.0.1',
      JANUS_RTP_PORTS: options.rtpPorts ?? '30000-39999',
      JANUS_RUN_DIR: runDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Janus did not start within 15 s:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes(`Websockets server started (port ${port})`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Janus exited (${code}) before serving:\n${output}`));
    });
  });
  // Janus keeps logging; nobody reads it past the start.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    apiSecret,
    adminKey,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(runDir, { recursive: true, force: true });
    },
  };
}
