// What an operator sees of one instance during a fault, recorded as it happens: its readiness answers
// (GET /api/health/ready, polled, as a load balancer's health check does) and, from its log lines, the
// rooms it started hosting and the messages it logged.

export type ReadinessSample = { at: number; status: number; body: string };

export type ReadinessWatch = {
  samples: ReadinessSample[];
  /** The samples between `from` and `to` that answered anything but 200. */
  notReadyBetween(from: number, to: number): ReadinessSample[];
  /**
   * A fault from `from` to `to` as a load balancer's health check saw it: the first answer that was not
   * ready within it (null: always ready), and how long after `to` the instance answered ready again.
   */
  outage(from: number, to: number): { notReady: string | null; readyAfterMs: number | null };
  /** Stops polling; resolves when the last poll is over. */
  stop(): Promise<void>;
};

const now = () => performance.timeOrigin + performance.now();

/** GET /api/health/ready of the instance at `instanceUrl`, polled every `everyMs`, each answer kept. */
export function watchReadiness(instanceUrl: string, everyMs = 250): ReadinessWatch {
  const samples: ReadinessSample[] = [];
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const at = now();
      try {
        const response = await fetch(`${instanceUrl}/api/health/ready`, {
          signal: AbortSignal.timeout(5_000),
        });
        samples.push({ at, status: response.status, body: await response.text() });
      } catch (error) {
        samples.push({ at, status: 0, body: `no answer: ${String(error)}` });
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    samples,
    notReadyBetween: (from, to) => samples.filter((s) => s.at >= from && s.at <= to && s.status !== 200),
    outage(from, to) {
      const notReady = samples.find((s) => s.at >= from && s.at <= to && s.status !== 200);
      const readyAgain = samples.find((s) => s.at > to && s.status === 200);
      return {
        notReady: notReady?.body ?? null,
        readyAfterMs: readyAgain ? Math.round(readyAgain.at - to) : null,
      };
    },
    async stop() {
      stopped = true;
      await polling;
    },
  };
}

export type HostStart = { roomId: number; at: number };

/** The rooms an instance started hosting, from its JSON log lines ("room host started"). */
export function hostStarts(lines: readonly string[]): HostStart[] {
  const starts: HostStart[] = [];
  for (const line of lines) {
    if (!line.includes('room host started')) continue;
    try {
      const parsed = JSON.parse(line) as { roomId?: number; time?: number };
      if (typeof parsed.roomId === 'number') starts.push({ roomId: parsed.roomId, at: parsed.time ?? 0 });
    } catch {
      // Not a JSON line.
    }
  }
  return starts;
}

/** The lines whose message matches, with the time they were logged (JSON lines' `time`). */
export function linesMatching(lines: readonly string[], pattern: RegExp): Array<{ at: number; msg: string }> {
  const found: Array<{ at: number; msg: string }> = [];
  for (const line of lines) {
    if (!pattern.test(line)) continue;
    try {
      const parsed = JSON.parse(line) as { msg?: string; time?: number };
      found.push({ at: parsed.time ?? 0, msg: parsed.msg ?? line });
    } catch {
      found.push({ at: 0, msg: line });
    }
  }
  return found;
}
