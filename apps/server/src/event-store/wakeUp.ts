// An in-process signal from the appenders of this instance to its subscribers: "something was just
// committed, poll now". It only shortens latency; subscribers still poll on a timer, which covers
// appends by other instances (whose bus messages may also call notify) and a lost signal.

export type WakeUp = {
  /** Called after a commit; cheap and synchronous, listeners only schedule a read. */
  notify(): void;
  /** Returns the function that stops listening. */
  listen(listener: () => void): () => void;
};

export function createWakeUp(): WakeUp {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    listen(listener) {
      // A wrapper, so the same function listening twice is two listeners, each stopped on its own.
      const entry = () => listener();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}
