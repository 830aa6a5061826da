// `npm run cluster`: the production topology on this machine (infra/ as processes). Three LabLive
// instances on this machine's PostgreSQL and NATS, HAProxy from Debian in front on one port. Prints the
// addresses and how to kill or drain an instance; type commands to do it; Ctrl+C stops everything.
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/lablive_cluster (created if missing)
//   NATS_URL      default nats://127.0.0.1:4222
//   CLUSTER_PORT  the load balancer's port, default 3100; instances on the next three, their metrics
//                 on +51 to +53, HAProxy's stats on +99
//   CLUSTER_LOG_LEVEL  the instances' LOG_LEVEL, default warn
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '@lablive/server/tooling';
import { ensureDatabase, type LocalCluster, startLocalCluster } from '@lablive/testkit/cluster';
import { z } from 'zod';

const orDefault = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => value || fallback);
const settings = z
  .object({
    DATABASE_URL: orDefault('postgres://postgres@127.0.0.1:5432/lablive_cluster'),
    NATS_URL: orDefault('nats://127.0.0.1:4222'),
    CLUSTER_PORT: orDefault('3100').transform(Number).pipe(z.number().int().min(1).max(65_400)),
    CLUSTER_LOG_LEVEL: orDefault('warn').pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])),
  })
  .parse(process.env);
const databaseUrl = settings.DATABASE_URL;
const natsUrl = settings.NATS_URL;
const basePort = settings.CLUSTER_PORT;
const logLevel = settings.CLUSTER_LOG_LEVEL;
const dataDir = path.join(REPO_ROOT, '.data/cluster');

/** One secret for the three instances, kept so that sign-ins survive a restart of the cluster. */
function accessTokenSecret(): string {
  const file = path.join(dataDir, 'access-token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

mkdirSync(dataDir, { recursive: true, mode: 0o755 });
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (await ensureDatabase(databaseUrl)) console.log(`Created database ${databaseName}.`);

console.log('Starting three LabLive instances and HAProxy...');
let cluster: LocalCluster;
try {
  cluster = await startLocalCluster({
    databaseUrl,
    natsUrl,
    busSubjectPrefix: `lablive-cluster.${databaseName}`,
    accessTokenSecret: accessTokenSecret(),
    dataDir,
    ports: {
      balancer: basePort,
      stats: basePort + 99,
      instances: [basePort + 1, basePort + 2, basePort + 3],
      metrics: [basePort + 51, basePort + 52, basePort + 53],
    },
    env: { LOG_LEVEL: logLevel, DRAIN_NOTICE_MS: '1000' },
    seedDemoData: true,
    // Each instance's start banner would repeat this script's; its log lines are shown.
    onLine: (name, line) => {
      if (!line.startsWith('  ') || line.includes('LabLive is running')) console.log(`[${name}] ${line}`);
    },
  });
} catch (error) {
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const entry = cluster.balancerUrl ?? cluster.instanceUrl(0);
function describe(): string {
  const lines = [
    '',
    cluster.balancerUrl
      ? `  LabLive (through HAProxy):  ${cluster.balancerUrl}    HAProxy status: ${cluster.balancerStatsUrl}`
      : `  No load balancer: ${cluster.balancerMissing}. Open an instance directly.`,
    `  Database ${databaseName} on ${new URL(databaseUrl).host}, NATS ${natsUrl}`,
    '',
  ];
  for (let index = 0; index < cluster.size; index++) {
    const running = cluster.instance(index);
    const state = running?.running() ? `pid ${running.pid}` : 'stopped';
    lines.push(
      `  ${cluster.instanceName(index)}  ${cluster.instanceUrl(index)}  (${state})  ` +
        `ready: ${cluster.instanceUrl(index)}/api/health/ready  metrics: ${cluster.instanceMetricsUrl(index)}`,
    );
  }
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    lines.push(
      '',
      '  The web app is not built: run `npm run build` once for the pages (the API works without).',
    );
  }
  lines.push(
    '',
    `  Sign in at ${entry}/login as animator@lablive.test / demo-lablive (demo data), open the demo`,
    '  event in two browsers, then take an instance away and watch the room carry on:',
    '    k <n>   kill instance n with SIGKILL (a crash; or from another shell: kill -9 <pid>)',
    '    d <n>   drain instance n with SIGTERM (a deploy; or: kill <pid>)',
    '    s <n>   start instance n again',
    '    l       list the instances          q or Ctrl+C   stop everything',
    '',
  );
  return lines.join('\n');
}
console.log(describe());

for (let index = 0; index < cluster.size; index++) watchExit(index);
function watchExit(index: number) {
  const running = cluster.instance(index);
  void running?.exited.then((code) => {
    if (!stopping) console.log(`  ${cluster.instanceName(index)} exited (${code ?? 'killed'}).`);
  });
}

let stopping = false;
async function stopAll() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the instances (each drains) and HAProxy...');
  await cluster.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const [command, argument] = line.trim().split(/\s+/);
  const index = Number(argument) - 1;
  const known = Number.isInteger(index) && index >= 0 && index < cluster.size;
  if (command === 'q') return void stopAll();
  if (command === 'l') return void console.log(describe());
  if (!known) {
    if (command) console.log('  k <n>, d <n>, s <n>, l or q (n from 1 to 3)');
    return;
  }
  const name = cluster.instanceName(index);
  if (command === 'k') {
    cluster.kill(index, 'SIGKILL');
    console.log(`  ${name} killed: its rooms move to another instance on their next command.`);
  } else if (command === 'd') {
    cluster.kill(index, 'SIGTERM');
    console.log(`  ${name} draining: readiness 503, sockets closed with 4003, rooms handed over.`);
  } else if (command === 's') {
    cluster.start(index).then(
      (started) => {
        console.log(`  ${name} started again (pid ${started.pid}).`);
        watchExit(index);
      },
      (error: unknown) => console.log(`  ${name} did not start: ${String(error)}`),
    );
  }
});
