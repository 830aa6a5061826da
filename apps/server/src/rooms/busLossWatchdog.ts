// An instance cut from the bus gives its rooms and its sockets up, as one cut from PostgreSQL does
// (cutOffWatchdog.ts). Without the bus its hosts still commit, but nobody else hears of it: the other
// instances' sockets in its rooms get neither answers nor events, and its own sockets get nothing of the
// rooms hosted elsewhere (npm run chaos, nats: 30 s of that in a partition). So once the bus has been
// down for `afterMs` (longer than a NATS restart's reconnection), every host here stops and releases its
// lease, for another instance to take the room, and the sockets close, for their clients to resume on an
// instance that has the bus (readiness says 503 meanwhile, so the load balancer sends them elsewhere).
// Nothing is taken here again before the bus is back (localHosts.ts).
import type { Bus } from '../bus/index.ts';
import type { LocalHosts } from './localHosts.ts';
import type { RoomHostDeps } from './roomHost.ts';

export type BusLossWatchdog = {
  /** Called when this instance has been cut from the bus too long: its sockets must close. */
  onCutOff(listener: () => void): void;
  stop(): void;
};

/** How often the bus's health is looked at. */
const CHECK_EVERY_MS = 250;

export function watchBusLoss(
  bus: Bus,
  hosts: LocalHosts,
  log: RoomHostDeps['log'],
  afterMs: number,
): BusLossWatchdog {
  const listeners: Array<() => void> = [];
  let downSince: number | null = null;
  let gaveUp = false;

  const timer = setInterval(() => {
    if (bus.healthy()) {
      if (gaveUp) log('info', 'bus back: this instance takes rooms again', {});
      downSince = null;
      gaveUp = false;
      return;
    }
    downSince ??= Date.now();
    if (gaveUp || Date.now() - downSince < afterMs) return;
    gaveUp = true;
    const rooms = hosts.roomIds();
    log('warn', "bus lost: this instance's rooms go to other instances and its room sockets close", {
      afterMs,
      rooms: rooms.length,
    });
    for (const roomId of rooms) void hosts.drop(roomId, 'bus_lost');
    for (const listener of listeners) listener();
  }, CHECK_EVERY_MS);
  timer.unref();

  return {
    onCutOff(listener) {
      listeners.push(listener);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
