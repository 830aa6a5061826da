// What a load balancer's health check saw of each instance during a database outage: GET
// /api/health/ready polled every 250 ms, each answer kept with its time, so the scenario can say when an
// instance reported the database unreachable and when it was ready again.
export type ReadinessSample = { at: number; instance: number; ready: boolean; body: string };

export function watchReadiness(urls: readonly string[], everyMs = 250) {
  const samples: ReadinessSample[] = [];
  let stopped = false;
  const poll = async (instance: number, url: string) => {
    while (!stopped) {
      const at = Date.now();
      try {
        const response = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
        samples.push({ at, instance, ready: response.status === 200, body: await response.text() });
      } catch (error) {
        samples.push({ at, instance, ready: false, body: `no answer: ${String(error)}` });
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  const loops = urls.map((url, instance) => poll(instance, url));
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
    /** Whether an instance answered not ready within [from, to], and when it was ready again after `to`. */
    outage(instance: number, from: number, to: number) {
      const mine = samples.filter((sample) => sample.instance === instance);
      const during = mine.filter((sample) => sample.at >= from && sample.at <= to);
      const notReady = during.find((sample) => !sample.ready);
      const readyAgain = mine.find((sample) => sample.at > to && sample.ready);
      return { notReady: notReady?.body ?? null, readyAfterMs: readyAgain ? readyAgain.at - to : null };
    },
  };
}
