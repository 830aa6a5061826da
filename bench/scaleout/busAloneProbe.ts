// The bus alone: the two layouts of the bus-overhead rounds played with plain nats.js messages and no
// LabLive code, so the report can show what NATS itself costs on this machine. A "host" process stands
// for the room's host instance, two "peer" processes for the other instances, all on the instances' core.
//   one:    the host sends every message: it publishes it as an event and hears it back (the one layout:
//           the host hears the events it publishes).
//   spread: message k is sent by process k mod 3; a peer's goes to the host first (the forwarded command:
//           one hop), and the host publishes the event, which all three processes hear.
// Open loop: message k is due at start + k / rate, whatever happens; latency runs from then to each
// receipt (one machine, one wall clock). Each process prints `READY` once subscribed and
// `RESULT {json}` (the latencies of the measured messages it heard) once it heard every message.
//   Usage: busAloneProbe.ts <config.json>
// Sub-millisecond wall clock, the same in every process of the machine.
import { preciseNow } from '@lablive/server/tooling';
import { connect } from 'nats';
import { exitWithParent, workerConfig } from '../lib/resultWorker.ts';

export type BusAloneProbeConfig = {
  role: 'host' | 'peer';
  /** 1 or 2 for a peer: it sends message k when k mod 3 is its index. */
  index: number;
  layout: 'one' | 'spread';
  natsUrl: string;
  /** Subjects under it: `.start`, `.cmd`, `.events`. */
  subject: string;
  rate: number;
  /** Measured messages, after `warmup` unmeasured ones. */
  messages: number;
  warmup: number;
  payloadBytes: number;
};

const config = workerConfig<BusAloneProbeConfig>();
exitWithParent();

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const total = config.warmup + config.messages;
const interval = 1000 / config.rate;
const filler = 'x'.repeat(config.payloadBytes);
const seqOf = (bytes: Uint8Array) => Number.parseInt(decoder.decode(bytes.subarray(0, 12)), 10);
const sender = (seq: number) => (config.layout === 'one' ? 0 : seq % 3);

const nc = await connect({
  servers: config.natsUrl,
  name: `lablive-bench-bus-${config.role}-${config.index}`,
});
let start = Number.NaN;
const latencies: number[] = [];
let heard = 0;
let everyMessageHeard = () => {};
const allHeard = new Promise<void>((resolve) => {
  everyMessageHeard = resolve;
});
const publishEvent = (seq: number) =>
  nc.publish(`${config.subject}.events`, encoder.encode(`${seq} ${filler}`));

nc.subscribe(`${config.subject}.events`, {
  callback: (_error, msg) => {
    const at = preciseNow();
    const seq = seqOf(msg.data);
    if (seq >= config.warmup) latencies.push(at - (start + seq * interval));
    if (++heard === total) everyMessageHeard();
  },
});
if (config.role === 'host') {
  // A peer's message: the host publishes its event at once, as a host commits and publishes.
  nc.subscribe(`${config.subject}.cmd`, { callback: (_error, msg) => publishEvent(seqOf(msg.data)) });
}
const started = new Promise<void>((resolve) => {
  nc.subscribe(`${config.subject}.start`, {
    max: 1,
    callback: (_error, msg) => {
      start = Number(decoder.decode(msg.data));
      resolve();
    },
  });
});
await nc.flush();
process.stdout.write('READY\n');
await started;

const mine = config.role === 'host' ? 0 : config.index;
for (let seq = 0; seq < total; seq++) {
  if (sender(seq) !== mine) continue;
  const wait = start + seq * interval - preciseNow();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (config.role === 'host') publishEvent(seq);
  else nc.publish(`${config.subject}.cmd`, encoder.encode(`${seq} ${filler}`));
}
// A lost message would leave this waiting: the parent's timeout reports it.
await allHeard;
process.stdout.write(`RESULT ${JSON.stringify(latencies)}\n`);
await nc.close();
