// Where the realtime connection stands, told to the application each time it changes.

/**
 * `idle` until connect(); `connecting` until the first hello is accepted (retries included); `open`
 * while authenticated; `reconnecting` after a drop; `closed` and `incompatible` are final.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'incompatible';

export type StatusCell = {
  readonly current: ConnectionStatus;
  /** Moves to `next`, telling `onChange` only when it is a change. */
  set(next: ConnectionStatus): void;
  /** Whether the status is final. */
  ended(): boolean;
};

export function createStatusCell(onChange: (status: ConnectionStatus) => void): StatusCell {
  let current: ConnectionStatus = 'idle';
  return {
    get current() {
      return current;
    },
    set(next) {
      if (current === next) return;
      current = next;
      onChange(next);
    },
    ended: () => current === 'closed' || current === 'incompatible',
  };
}
