// The fault scenarios of `npm run chaos`, in the order they run (issue 31). Each module exports
// `run(context)` (lib/scenario.ts); --only=<ids> picks some.
export const SCENARIOS = [
  {
    id: 'postgres',
    title: 'PostgreSQL restarted and paused mid-burst',
    module: './postgres/postgresOutage.ts',
  },
  { id: 'nats', title: 'One of three instances cut from NATS for 30 s', module: './nats/natsPartition.ts' },
  {
    id: 'race',
    title: 'Append race: 20 appenders × 1,000 rounds on shared streams',
    module: './race/appendRace.ts',
  },
  {
    id: 'longtx',
    title: 'A transaction holding an event position open for 10 s',
    module: './longtx/longTransaction.ts',
  },
  {
    id: 'reconnect',
    title: 'Room socket reconnection: signal drop, drain, full reconnect, idle proxy',
    module: './reconnect/reconnection.ts',
  },
  {
    id: 'network',
    title: 'Video on a bad network in Chromium (5 % loss, 150 ms, 1 Mbps)',
    module: './network/badNetwork.ts',
  },
  { id: 'mail', title: 'Mail server down for 10 minutes', module: './mail/mailOutage.ts' },
] as const;

export type ScenarioId = (typeof SCENARIOS)[number]['id'];
