// Keeps an open socket honest: a ping every period, and a socket that was silent for a whole period
// (no frame at all, pongs included) is given up on, since a dead network may take minutes to close it.
//
// A message that expects an answer (a command) probes sooner, so that a socket that died silently (a
// phone changing network, a proxy black-holing it) is replaced seconds after the person's next action,
// not up to two periods (40 s) later. Silence alone cannot tell a dead socket from a server that lags
// (CI's webinar test: 9 browsers on 2 cores; replacing sockets there makes a reconnect storm of a slow
// instance), so the probe asks a witness: nothing heard within `probeMs` of the command, a ping goes on
// this socket and the witness pings the server on a new socket. A server that answers the new socket
// has answered this one's earlier ping too, unless this socket is dead: it is given up on only when the
// witness was answered and this socket still heard nothing `graceMs` later. A lagging server answers
// both late, in order, and a witness that fails (offline, the server refusing sockets) decides nothing.
export type Heartbeat = {
  /** A frame arrived. */
  heard(): void;
  /** A message that the server answers was sent: probe the socket if nothing comes back soon. */
  expectAnswer(): void;
  start(): void;
  stop(): void;
};

export type HeartbeatHandlers = {
  ping(): void;
  silent(): void;
  active(): boolean;
  /** Whether the server answers a ping on a new socket now (false: it did not, or could not be asked). */
  witness(): Promise<boolean>;
};

export const PROBE_TIMING = {
  /** A command with nothing heard for this long is probed. */
  probeMs: 1500,
  /** After the witness was answered, this socket's pong may still be on its way for this long. */
  graceMs: 500,
} as const;

export function createHeartbeat(
  periodMs: number,
  on: HeartbeatHandlers,
  timing: { probeMs: number; graceMs: number } = PROBE_TIMING,
): Heartbeat {
  let timer: ReturnType<typeof setInterval> | null = null;
  let heardSinceLastPing = true;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  /** The probe under way (0: none); a frame heard, or stop(), ends it, and its late steps see so. */
  let probe = 0;
  let probes = 0;

  function endProbe() {
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
    probe = 0;
  }

  async function askWitness(mine: number) {
    /** Whether this probe is over: a frame came (or stop), or there is no socket any more. */
    const over = () => {
      if (probe !== mine) return true;
      if (on.active()) return false;
      endProbe();
      return true;
    };
    if (over()) return;
    on.ping();
    const answered = await on.witness().catch(() => false);
    if (over()) return;
    if (!answered) return endProbe();
    probeTimer = setTimeout(() => {
      probeTimer = null;
      if (over()) return;
      endProbe();
      on.silent();
    }, timing.graceMs);
  }

  return {
    heard() {
      heardSinceLastPing = true;
      endProbe();
    },
    expectAnswer() {
      if (timing.probeMs <= 0 || periodMs <= 0 || probe !== 0) return;
      probes += 1;
      const mine = probes;
      probe = mine;
      probeTimer = setTimeout(() => {
        probeTimer = null;
        void askWitness(mine);
      }, timing.probeMs);
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
      endProbe();
    },
  };
}
