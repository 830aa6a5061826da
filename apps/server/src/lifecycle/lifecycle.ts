// The drain of one instance (SIGTERM): readiness turns false at once, so the load balancer stops sending
// new sockets; after a notice period the parts let go in the order they registered (the gateway closes
// its sockets with 4003, then the room hosts are handed over), each bounded by one deadline.

export type DrainStep = (deadline: number) => Promise<void>;

export type Lifecycle = {
  /** True from the start of the drain: readiness answers 503 and new sockets are refused. */
  draining(): boolean;
  /** Registers a part that must let go before the instance stops; steps run in registration order. */
  onDrain(name: string, step: DrainStep): void;
  /** Idempotent: a second call waits for the first drain. */
  drain(): Promise<void>;
};

export type LifecycleOptions = {
  /** How long readiness answers 503 before the steps start (the load balancer's check interval). */
  noticeMs: number;
  /** The time all steps together may take; a step past it lets go of what is left at once. */
  timeoutMs: number;
  log: (message: string, details?: Record<string, unknown>) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const steps: Array<{ name: string; step: DrainStep }> = [];
  let draining: Promise<void> | null = null;

  async function run(): Promise<void> {
    const started = Date.now();
    options.log('draining: readiness is now false', { noticeMs: options.noticeMs });
    if (options.noticeMs > 0) await sleep(options.noticeMs);
    const deadline = Date.now() + options.timeoutMs;
    for (const { name, step } of steps) {
      const stepStarted = Date.now();
      try {
        await step(deadline);
      } catch (error) {
        options.log(`drain step ${name} failed`, { error: String(error) });
      }
      options.log(`drain step ${name} done`, { ms: Date.now() - stepStarted });
    }
    options.log('drained', { ms: Date.now() - started });
  }

  return {
    draining: () => draining !== null,
    onDrain(name, step) {
      steps.push({ name, step });
    },
    drain() {
      draining ??= run();
      return draining;
    },
  };
}

/** Resolves when `condition` holds or the deadline passes; true if it held. */
export async function waitUntil(condition: () => boolean, deadline: number, everyMs = 10): Promise<boolean> {
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
  return true;
}
