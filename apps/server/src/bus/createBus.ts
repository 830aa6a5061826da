// Chooses the bus from the configuration: NATS when NATS_URL is set (several instances), else the
// in-process bus (one instance: `npm start` with no configuration).
import type { Bus } from './bus.ts';
import { createInProcessBus } from './inProcessBus.ts';
import { connectNatsBus } from './natsBus.ts';

export type CreateBusOptions = {
  natsUrl: string | undefined;
  /** This instance's name on the bus. */
  name: string;
  /** Connection status and handler failures; stderr unless the caller passes its logger. */
  log?: (line: string) => void;
};

export function createBus(options: CreateBusOptions): Promise<Bus> {
  const log = options.log ?? ((line: string) => console.error(`[bus] ${line}`));
  if (options.natsUrl !== undefined && options.natsUrl !== '') {
    return connectNatsBus(options.natsUrl, { name: options.name, log });
  }
  return Promise.resolve(createInProcessBus({ log }));
}
