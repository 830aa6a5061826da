// The server's heap as the soak reads it: through the inspector protocol of a server started with
// `node --inspect` (a collection forced with HeapProfiler.collectGarbage, then Runtime.getHeapUsage),
// so the product needs no hook of its own. Node's own WebSocket client speaks to the inspector.

export type HeapProbe = {
  /** Heap used (bytes) after a full garbage collection. */
  heapAfterGc(): Promise<number>;
  close(): void;
};

export async function connectHeapProbe(inspectPort: number): Promise<HeapProbe> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl?: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${inspectPort}`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`inspector ${url} refused`)), { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (message) => {
    const answer = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: unknown };
    if (answer.id === undefined) return;
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error) waiter?.reject(new Error(`inspector: ${JSON.stringify(answer.error)}`));
    else waiter?.resolve(answer.result);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method }));
    });
  await call('HeapProfiler.enable');
  return {
    async heapAfterGc() {
      await call('HeapProfiler.collectGarbage');
      const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize;
    },
    close: () => socket.close(),
  };
}
