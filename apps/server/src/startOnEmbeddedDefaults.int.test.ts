// `npm start` as a new user runs it: no configuration, an embedded PostgreSQL in DATA_DIR, demo data on
// the first start only, data kept across restarts, and one process per DATA_DIR.
import { rm } from 'node:fs/promises';
import { newDataDir, runServerToExit, startServerProcess } from '@lablive/testkit';
import { afterAll, describe, expect, it } from 'vitest';

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('starting on embedded defaults', () => {
  it('seeds once, keeps data across restarts, and refuses a second process on the same DATA_DIR', async () => {
    const dataDir = await newDataDir();
    dataDirs.push(dataDir);
    const first = await startServerProcess({}, { dataDir, keepDataDir: true });
    try {
      expect(first.output()).toContain('Demo data created');
      expect(first.output()).toContain('admin@lablive.test');
      expect(first.output()).toContain('embedded PostgreSQL');
      const admin = await signIn(first.url, 'admin@lablive.test', 'demo-lablive');
      expect(admin.status).toBe(200);
      // Metrics are served on their own loopback listener, never on the application's port.
      const metrics = await fetch(first.metricsUrl);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('lablive_sockets_open');
      // The app's port has no /metrics: the path is the web app's like any unknown page, never the registry.
      const onAppPort = await fetch(`${first.url}/metrics`);
      expect(onAppPort.headers.get('content-type')).not.toContain('openmetrics');
      expect(await onAppPort.text()).not.toContain('lablive_sockets_open');
      const wrong = await signIn(first.url, 'admin@lablive.test', 'nope');
      expect(wrong).toEqual({
        status: 401,
        body: expect.objectContaining({ detail: 'Please verify your login/password' }),
      });

      const second = await runServerToExit({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`DATA_DIR ${dataDir} is in use by another LabLive process`);
      // The refused start did not disturb the first one.
      expect((await signIn(first.url, 'user@lablive.test', 'demo-lablive')).status).toBe(200);
    } finally {
      await first.stop();
    }

    const restarted = await startServerProcess({}, { dataDir, keepDataDir: true });
    try {
      expect(restarted.output()).not.toContain('Demo data created');
      expect(restarted.output()).toContain('animator@lablive.test');
      expect((await signIn(restarted.url, 'animator@lablive.test', 'demo-lablive')).status).toBe(200);
    } finally {
      await restarted.stop();
    }
  });

  it('stops with a message naming a bad variable', async () => {
    const result = await runServerToExit({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PORT');
    expect(result.output).toContain('DATABASE_URL');
  });
});
