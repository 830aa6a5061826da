// Which answers a command is sent again after, with the same commandId, and how long it waits first:
// `room_unavailable` (its room is changing host: short waits, the move takes a few seconds),
// `overloaded` (too many commands wait for the room or the server: longer waits, doubling, each half
// random so the clients refused together do not come back together) and `rate_limited` (more commands
// at once than the server's per-socket or per-person rate: what a reconnect sends again after a long
// silent drop, since the commands typed meanwhile all wait; npm run chaos, reconnect, lost 18 messages
// of a 38 s black hole so). Any other answer is the outcome.
import { PROTOCOL_ERRORS } from '@lablive/protocol';
import { type BackoffOptions, backoffDelay } from './backoff.ts';

/** Sending a command again after one answer: how many times at most, and the waits between. */
export type CommandRetryOptions = BackoffOptions & { retries: number };

/**
 * A command answered `room_unavailable` (its room changing host: a drain, a crash) is sent again with
 * the same id up to 6 times, waiting about 0.1, 0.2, 0.4, 0.8, 1.6 and 2 s: the server already routes each
 * try for a few seconds, so together they outlast a failover (well under 3 s on the local cluster).
 */
export const DEFAULT_COMMAND_RETRY: CommandRetryOptions = { retries: 6, minDelayMs: 100, maxDelayMs: 2_000 };

/**
 * A command answered `overloaded` is sent again up to 8 times, waiting about 0.5, 1, 2, 4, 8 s and then
 * 15 s (each between half and all of that): about a minute in all, for a flood to drain.
 */
export const DEFAULT_OVERLOAD_RETRY: CommandRetryOptions = {
  retries: 8,
  minDelayMs: 500,
  maxDelayMs: 15_000,
};

/**
 * A command answered `rate_limited` is sent again up to 8 times, waiting about 1, 2, 4 s and then 5 s:
 * the server's buckets refill at 20 commands a second (PROTOCOL_LIMITS), so a backlog of a minute's
 * typing goes through within seconds.
 */
export const DEFAULT_RATE_LIMIT_RETRY: CommandRetryOptions = {
  retries: 8,
  minDelayMs: 1_000,
  maxDelayMs: 5_000,
};

/**
 * The wait before sending a command again after its `attempt`-th (from 0) retryable answer `code`; null
 * when that answer is final (not retryable, or its retries are spent).
 */
export type CommandRetryDelay = (code: string, attempt: number) => number | null;

export function commandRetryDelay(
  policies: {
    roomUnavailable: CommandRetryOptions;
    overloaded: CommandRetryOptions;
    rateLimited?: CommandRetryOptions;
  },
  random: () => number,
): CommandRetryDelay {
  const byCode = new Map<string, CommandRetryOptions>([
    [PROTOCOL_ERRORS.roomUnavailable, policies.roomUnavailable],
    [PROTOCOL_ERRORS.overloaded, policies.overloaded],
    [PROTOCOL_ERRORS.rateLimited, policies.rateLimited ?? DEFAULT_RATE_LIMIT_RETRY],
  ]);
  return (code, attempt) => {
    const policy = byCode.get(code);
    return policy === undefined || attempt >= policy.retries ? null : backoffDelay(attempt, policy, random);
  };
}
