// Keeps an open socket honest: a ping every period, and a socket that was silent for a whole period
// (no frame at all, pongs included) is given up on, since a dead network may take minutes to close it.
// A message that expects an answer (a command) probes sooner: nothing heard within `probeMs` of it, a
// ping goes, and nothing heard within `probeMs` of that either gives the socket up. So a socket that died
// silently (a phone changing network) is replaced about 3 s after the person's next action, not up to
// two periods (40 s) later (npm run chaos, reconnect, black hole); a slow room does not trip it, since
// the gateway answers the ping itself.
export type Heartbeat = {
  /** A frame arrived. */
  heard(): void;
  /** A message that the server answers was sent: probe the socket if nothing comes back soon. */
  expectAnswer(): void;
  start(): void;
  stop(): void;
};

export function createHeartbeat(
  periodMs: number,
  on: { ping(): void; silent(): void; active(): boolean },
  probeMs = Math.min(1500, periodMs / 2),
): Heartbeat {
  let timer: ReturnType<typeof setInterval> | null = null;
  let heardSinceLastPing = true;
  /** Frames heard so far: a probe compares it with the count when it started. */
  let heardCount = 0;
  let probe: ReturnType<typeof setTimeout> | null = null;

  function stopProbe() {
    if (probe !== null) clearTimeout(probe);
    probe = null;
  }

  return {
    heard() {
      heardSinceLastPing = true;
      heardCount += 1;
      stopProbe();
    },
    expectAnswer() {
      if (probeMs <= 0 || probe !== null) return;
      const before = heardCount;
      probe = setTimeout(() => {
        probe = null;
        if (heardCount !== before || !on.active()) return;
        on.ping();
        probe = setTimeout(() => {
          probe = null;
          if (heardCount === before && on.active()) on.silent();
        }, probeMs);
      }, probeMs);
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
      stopProbe();
    },
  };
}
