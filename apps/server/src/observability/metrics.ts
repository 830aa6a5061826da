// The instance's Prometheus metrics (prom-client), one registry per instance so that tests running
// several servers in one process never mix them. Counters the gateway already keeps (gatewayStats.ts)
// are read at scrape time; histograms are fed where the work happens, through Instruments.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { GatewayStats } from './gatewayStats.ts';
import type { Instruments } from './instruments.ts';

/** What the gauges read when Prometheus scrapes. */
export type MetricSources = {
  gateway: GatewayStats;
  hostedRooms: () => number;
  draining: () => boolean;
  busHealthy: () => boolean;
  leasesHealthy: () => boolean;
  /** Each projection's lag and failure (read from the database at scrape time). */
  projections?: () => Promise<ProjectionSample[]>;
};

export type ProjectionSample = {
  name: string;
  /** Whether this instance runs it (holds its lease). */
  running: boolean;
  lagEvents: number;
  lagSeconds: number;
  /** The error it stopped on, or the last error it retried after; null when none. */
  lastError: string | null;
  failed: boolean;
};

export type ServerMetrics = {
  registry: Registry;
  instruments: Instruments;
  /** Connects the gauges to the running parts, once they exist. */
  watch(sources: MetricSources): void;
};

/** From half a millisecond (a commit on a fast disk) to several seconds (a stalled database). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createServerMetrics(labels: { instance: string }): ServerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  // Event-loop lag (nodejs_eventloop_lag_*), CPU, memory, GC: prom-client's defaults.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: MetricSources | null = null;
  const current = () => sources;
  registerGatewayMetrics(registers, current);
  registerProjectionMetrics(registers, current);
  return {
    registry,
    instruments: createInstruments(registers),
    watch(next) {
      sources = next;
    },
  };
}

type Registers = Registry[];
type CurrentSources = () => MetricSources | null;

/** The gateway's and the instance's state, read at scrape time. */
function registerGatewayMetrics(registers: Registers, current: CurrentSources): void {
  /** A counter mirroring a number kept elsewhere; set at scrape time. */
  const mirrored = (name: string, help: string, read: (stats: GatewayStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        const sources = current();
        if (!sources) return;
        this.reset();
        this.inc(read(sources.gateway));
      },
    });
  const gauge = (name: string, help: string, read: (from: MetricSources) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const sources = current();
        if (sources) this.set(read(sources));
      },
    });

  gauge('lablive_sockets_open', 'Room sockets open on this instance', (s) => s.gateway.socketsOpen);
  gauge('lablive_rooms_hosted', 'Rooms whose single writer runs on this instance', (s) => s.hostedRooms());
  gauge('lablive_draining', '1 while the instance drains (readiness answers 503)', (s) =>
    Number(s.draining()),
  );
  gauge('lablive_bus_up', '1 while the bus to the other instances is connected', (s) =>
    Number(s.busHealthy()),
  );
  gauge('lablive_room_leases_up', '1 while the lease connection to PostgreSQL is open', (s) =>
    Number(s.leasesHealthy()),
  );
  mirrored('lablive_sockets_opened_total', 'Room sockets accepted', (g) => g.socketsOpened);
  mirrored('lablive_socket_messages_total', 'Messages received from room sockets', (g) => g.messagesReceived);
  mirrored('lablive_commands_total', 'Room commands received from sockets', (g) => g.commands);
  mirrored(
    'lablive_slow_consumers_closed_total',
    'Sockets closed 4008 for falling behind',
    (g) => g.slowConsumersClosed,
  );
  mirrored(
    'lablive_frames_sent_total',
    'WebSocket frames sent (coalesced per socket per turn)',
    (g) => g.framesSent,
  );
  new Counter({
    name: 'lablive_rejections_total',
    help: 'Socket messages and room commands refused, by code',
    labelNames: ['code'],
    registers,
    collect() {
      const sources = current();
      if (!sources) return;
      this.reset();
      for (const [code, count] of sources.gateway.refused) this.inc({ code }, count);
    },
  });
}

/** Each projection's lag and failure: one read of their status per scrape, shared by the gauges. */
function registerProjectionMetrics(registers: Registers, current: CurrentSources): void {
  let projectionScrape: Promise<ProjectionSample[]> | null = null;
  const projectionSamples = () => {
    projectionScrape ??= (current()?.projections?.() ?? Promise.resolve([])).finally(() => {
      projectionScrape = null;
    });
    return projectionScrape;
  };
  const projectionGauge = (name: string, help: string, read: (sample: ProjectionSample) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const sample of await projectionSamples().catch(() => [])) {
          this.set({ projection: sample.name }, read(sample));
        }
      },
    });
  projectionGauge(
    'lablive_projection_lag_events',
    'Events of the log a projection has not applied yet',
    (s) => s.lagEvents,
  );
  projectionGauge(
    'lablive_projection_lag_seconds',
    'How long the oldest event not applied has waited',
    (s) => s.lagSeconds,
  );
  projectionGauge('lablive_projection_running', '1 where this instance runs the projection', (s) =>
    Number(s.running),
  );
  new Gauge({
    name: 'lablive_projection_failed',
    help: '1 when the projection stopped on an event; the error is the label',
    labelNames: ['projection', 'error'],
    registers,
    async collect() {
      this.reset();
      for (const sample of await projectionSamples().catch(() => [])) {
        this.set(
          { projection: sample.name, error: (sample.lastError ?? '').slice(0, 200) },
          Number(sample.failed),
        );
      }
    },
  });
}

/** The histograms and counters fed where the work happens (Instruments). */
function createInstruments(registers: Registers): Instruments {
  const appendSeconds = new Histogram({
    name: 'lablive_append_duration_seconds',
    help: "One room host's group commit to the log",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const appendedEvents = new Counter({
    name: 'lablive_appended_events_total',
    help: 'Session events stored',
    registers,
  });
  const appendFailures = new Counter({
    name: 'lablive_append_failures_total',
    help: 'Group commits that failed (fenced or database error); their commands answered room_unavailable',
    registers,
  });
  const fanoutSeconds = new Histogram({
    name: 'lablive_fanout_delay_seconds',
    help: "From the host's commit to the frames handed to this instance's sockets (includes clock skew)",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const catchUps = new Counter({
    name: 'lablive_fanout_catchups_total',
    help: 'Sockets that were behind a live batch and read the gap from the log (a publish was lost)',
    registers,
  });
  const busSeconds = new Histogram({
    name: 'lablive_bus_request_duration_seconds',
    help: "Requests to another instance's room host over the bus",
    labelNames: ['kind', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const hostsStarted = new Counter({
    name: 'lablive_room_hosts_started_total',
    help: 'Rooms this instance took the lease of',
    registers,
  });
  const hostsStopped = new Counter({
    name: 'lablive_room_hosts_stopped_total',
    help: 'Rooms this instance stopped hosting, by reason',
    labelNames: ['reason'],
    registers,
  });
  const overloaded = new Counter({
    name: 'lablive_room_commands_overloaded_total',
    help: 'Commands refused overloaded (nothing queued or stored), by the bound they met: room or instance',
    labelNames: ['scope'],
    registers,
  });
  const mailAttempts = new Counter({
    name: 'lablive_mail_attempts_total',
    help: 'Mails handed to the mail server, by outcome: sent, or failed (retried later; docs/operations.md, "Job queue (mails)")',
    labelNames: ['outcome'],
    registers,
  });
  // Both series exist from the start, so that a rate over them reads 0 rather than nothing.
  for (const outcome of ['sent', 'failed']) mailAttempts.inc({ outcome }, 0);

  return {
    append(seconds, events) {
      appendSeconds.observe(seconds);
      appendedEvents.inc(events);
    },
    appendFailed: () => appendFailures.inc(),
    hostStarted: () => hostsStarted.inc(),
    hostStopped: (reason) => hostsStopped.inc({ reason }),
    busRequest: (kind, outcome, seconds) => busSeconds.observe({ kind, outcome }, seconds),
    overloaded: (scope) => overloaded.inc({ scope }),
    delivered: (seconds) => fanoutSeconds.observe(Math.max(0, seconds)),
    caughtUp: () => catchUps.inc(),
    mailAttempt: (outcome) => mailAttempts.inc({ outcome }),
  };
}
