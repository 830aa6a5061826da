import { describe, inject } from 'vitest';
import { createInProcessBus } from './inProcessBus.ts';
import { connectNatsBus } from './natsBus.ts';
import { busContract } from './testing/busContract.ts';

const natsUrl = inject('natsUrl');
const skipReason = inject('natsSkipReason');
const NO_NATS = 'skipped: no NATS reachable';

describe('in-process bus', () => {
  busContract('in-process', async () => createInProcessBus());
});

describe.skipIf(natsUrl === null)(
  natsUrl === null
    ? `nats bus (${skipReason.startsWith(NO_NATS) ? skipReason : `${NO_NATS}: ${skipReason}`})`
    : `nats bus at ${natsUrl}`,
  () => {
    busContract('nats', () => connectNatsBus(natsUrl ?? '', { name: 'lablive-bus-contract', log: () => {} }));
  },
);
