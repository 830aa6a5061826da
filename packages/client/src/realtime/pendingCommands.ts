// The commands of one room awaiting their outcome, in the order the application issued them. Each is
// sent when the room is ready (joined on the current socket), sent again after a reconnect, and, when
// answered `room_unavailable` (the room's host is moving), `overloaded` (too many commands wait) or
// `rate_limited` (a reconnect's backlog sent faster than the server's rate),
// sent again after a growing delay a bounded number of times (commandRetries.ts), always with the same
// commandId: the server appends it once.
import type { ClientMessage } from '@lablive/protocol';
import type { CommandRetryDelay } from './commandRetries.ts';
import { REALTIME_ERROR_CODES, RealtimeError } from './errors.ts';

export type CommandResult = { ok: true; version: number } | { ok: false; code: string; message: string };

type Pending = {
  message: ClientMessage;
  resolve: (result: CommandResult) => void;
  reject: (error: RealtimeError) => void;
  timer: ReturnType<typeof setTimeout> | null;
  /** Retryable answers so far, and the wait before sending again. */
  retries: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
};

export type PendingCommandsOptions = {
  /** Sends on the current socket; false when there is none. */
  send: (message: ClientMessage) => boolean;
  /** Whether the room is joined on the current socket. */
  ready: () => boolean;
  retryDelay: CommandRetryDelay;
};

export type PendingCommands = {
  /**
   * Waits for the command's outcome, sending it now if the room is ready. With `timeoutMs`, rejects
   * with a `timeout` RealtimeError (naming `label`) when no outcome came by then.
   */
  add(
    commandId: string,
    message: ClientMessage,
    timeoutMs: number | undefined,
    label: string,
  ): Promise<CommandResult>;
  /** The room is ready on a new socket: every command still waiting goes again, in order. */
  resendAll(): void;
  /** Settles the command if it waits here; false otherwise. */
  settle(commandId: string, result: CommandResult): boolean;
  rejectAll(error: RealtimeError): void;
};

export function createPendingCommands(options: PendingCommandsOptions): PendingCommands {
  const pending = new Map<string, Pending>();

  function clearTimers(entry: Pending): void {
    if (entry.timer !== null) clearTimeout(entry.timer);
    if (entry.retryTimer !== null) clearTimeout(entry.retryTimer);
    entry.retryTimer = null;
  }

  /** A retryable answer: the same command, later. False when the answer is its outcome. */
  function retryLater(entry: Pending, code: string): boolean {
    const delay = options.retryDelay(code, entry.retries);
    if (delay === null) return false;
    entry.retries += 1;
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null;
      if (options.ready()) options.send(entry.message);
    }, delay);
    return true;
  }

  return {
    add(commandId, message, timeoutMs, label) {
      return new Promise<CommandResult>((resolve, reject) => {
        const entry: Pending = { message, resolve, reject, timer: null, retries: 0, retryTimer: null };
        if (timeoutMs !== undefined) {
          entry.timer = setTimeout(() => {
            pending.delete(commandId);
            clearTimers(entry);
            reject(new RealtimeError(REALTIME_ERROR_CODES.timeout, `No answer to ${label}`));
          }, timeoutMs);
        }
        pending.set(commandId, entry);
        if (options.ready()) options.send(message);
      });
    },
    resendAll() {
      // Map order is send order: commands are re-sent in the order the application issued them.
      for (const entry of pending.values()) {
        // A command waiting to be retried goes now: a new socket may well reach the room's new host.
        if (entry.retryTimer !== null) clearTimeout(entry.retryTimer);
        entry.retryTimer = null;
        options.send(entry.message);
      }
    },
    settle(commandId, result) {
      const entry = pending.get(commandId);
      if (entry === undefined) return false;
      if (!result.ok && retryLater(entry, result.code)) return true;
      pending.delete(commandId);
      clearTimers(entry);
      entry.resolve(result);
      return true;
    },
    rejectAll(error) {
      for (const entry of pending.values()) {
        clearTimers(entry);
        entry.reject(error);
      }
      pending.clear();
    },
  };
}
