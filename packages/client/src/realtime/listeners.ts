// A set of listeners with an unsubscribe function. A listener that throws is handed to `onFailure`, so
// an application bug never breaks the socket's message handler or the listeners after it.
export type Unsubscribe = () => void;

export type Listeners<Args extends readonly unknown[]> = {
  add(listener: (...args: Args) => void): Unsubscribe;
  emit(...args: Args): void;
  clear(): void;
};

export function createListeners<Args extends readonly unknown[]>(
  onFailure: (cause: unknown) => void,
): Listeners<Args> {
  const listeners = new Set<(...args: Args) => void>();
  return {
    add(listener) {
      // Wrapped so the same function added twice is called twice and removed once per unsubscribe.
      const entry = (...args: Args) => listener(...args);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    emit(...args) {
      for (const listener of [...listeners]) {
        try {
          listener(...args);
        } catch (cause) {
          onFailure(cause);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
