// Keeps an open socket honest: a ping every period, and a socket that was silent for a whole period
// (no frame at all, pongs included) is given up on, since a dead network may take minutes to close it.
export type Heartbeat = {
  /** A frame arrived. */
  heard(): void;
  start(): void;
  stop(): void;
};

export function createHeartbeat(
  periodMs: number,
  on: { ping(): void; silent(): void; active(): boolean },
): Heartbeat {
  let timer: ReturnType<typeof setInterval> | null = null;
  let heardSinceLastPing = true;
  return {
    heard() {
      heardSinceLastPing = true;
    },
    start() {
      if (periodMs <= 0) return;
      heardSinceLastPing = true;
      timer = setInterval(() => {
        if (!on.active()) return;
        if (!heardSinceLastPing) {
          on.silent();
          return;
        }
        heardSinceLastPing = false;
        on.ping();
      }, periodMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}
