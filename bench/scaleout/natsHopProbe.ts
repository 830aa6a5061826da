// The bus's own cost on this machine, without LabLive: plain nats.js messages at the bus-overhead rounds'
// cadence between processes pinned to the instances' core. The source publishes open-loop and hears its
// own messages back (as a room's host hears the events it publishes: the one layout's event path); the
// peer, another process, hears the same messages (one hop between instances: what a forwarded command
// pays once, and what an event pays to reach another instance). Latency runs from each message's
// scheduled send time to its receipt (one machine, one clock). Prints `READY` (peer) and `RESULT {json}`.
//   Usage: natsHopProbe.ts <config.json>
import { readFileSync } from 'node:fs';
import { connect } from 'nats';
import { createLatencyHistogram, type LatencyHistogram } from '../lib/latencyHistogram.ts';
import type { HopLatency } from './scaleoutPlan.ts';

export type NatsHopProbeConfig = {
  role: 'source' | 'peer';
  natsUrl: string;
  subject: string;
  /** Messages per second, sent on a timer whatever happens (open loop). */
  rate: number;
  /** Measured messages, after `warmup` unmeasured ones. */
  messages: number;
  warmup: number;
  /** Bytes of each message, about one chat event batch on the bus. */
  payloadBytes: number;
};

const configPath = process.argv[2];
if (!configPath) throw new Error('usage: natsHopProbe.ts <config.json>');
const config = JSON.parse(readFileSync(configPath, 'utf8')) as NatsHopProbeConfig;
process.stdin.on('end', () => process.exit(2));
process.stdin.resume();
process.once('SIGTERM', () => process.exit(143));

// performance.timeOrigin + now(): sub-millisecond, and the same clock in every process of the machine.
const wallNow = () => performance.timeOrigin + performance.now();
const summary = (histogram: LatencyHistogram): HopLatency => ({
  messages: histogram.count(),
  p50: histogram.percentile(50),
  p90: histogram.percentile(90),
  p99: histogram.percentile(99),
  max: histogram.max(),
});

const nc = await connect({ servers: config.natsUrl, name: `lablive-bench-nats-${config.role}` });
const heard = createLatencyHistogram();
const total = config.warmup + config.messages;
let received = 0;
let everyMessageHeard = () => {};
const allHeard = new Promise<void>((resolve) => {
  everyMessageHeard = resolve;
});
nc.subscribe(config.subject, {
  callback: (_error, msg) => {
    const at = wallNow();
    const text = new TextDecoder().decode(msg.data.subarray(0, 48));
    const [seq = '', scheduled = ''] = text.split(' ');
    if (Number(seq) >= config.warmup) heard.record(at - Number(scheduled));
    if (++received === total) everyMessageHeard();
  },
});
await nc.flush();

if (config.role === 'peer') {
  process.stdout.write('READY\n');
} else {
  const filler = 'x'.repeat(config.payloadBytes);
  const interval = 1000 / config.rate;
  const start = wallNow() + interval;
  for (let seq = 0; seq < total; seq++) {
    const scheduled = start + seq * interval;
    const wait = scheduled - wallNow();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nc.publish(config.subject, new TextEncoder().encode(`${seq} ${scheduled} ${filler}`));
  }
}
// A lost message would leave this waiting: the parent's timeout reports it.
await allHeard;
process.stdout.write(`RESULT ${JSON.stringify(summary(heard))}\n`);
await nc.close();
