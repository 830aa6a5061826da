// A command refused `overloaded` is sent again, with the same commandId, after waits that double with
// half of each random, until it is taken or its retries are spent; `room_unavailable` keeps its own
// shorter waits, and any other refusal is the outcome at once.
import type { ClientMessage } from '@lablive/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRetryDelay } from './commandRetries.ts';
import { createPendingCommands } from './pendingCommands.ts';

const message: ClientMessage = {
  type: 'command',
  roomId: 7,
  commandId: '8f8e2c0a-4d1c-4b6a-9b0e-2f6f2b1f7c11',
  command: { type: 'SendChatMessage', data: { messageId: 'm1', text: 'hello' } },
};
const overloaded = { ok: false as const, code: 'overloaded', message: 'Too many commands wait.' };

let sentAt: number[];

beforeEach(() => {
  vi.useFakeTimers();
  sentAt = [];
});
afterEach(() => vi.useRealTimers());

function pending(random: () => number) {
  return createPendingCommands({
    send: (sent) => {
      expect(sent).toBe(message);
      sentAt.push(Date.now());
      return true;
    },
    ready: () => true,
    retryDelay: commandRetryDelay(
      {
        roomUnavailable: { retries: 6, minDelayMs: 100, maxDelayMs: 2_000 },
        overloaded: { retries: 4, minDelayMs: 500, maxDelayMs: 3_000 },
      },
      random,
    ),
  });
}

const waits = () => sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0));

describe('a command answered overloaded', () => {
  it('is sent again after doubling waits, each between half and all of its ceiling', async () => {
    for (const [random, expected] of [
      [() => 0, [250, 500, 1_000, 1_500]],
      [() => 0.5, [375, 750, 1_500, 2_250]],
    ] as const) {
      sentAt = [];
      const commands = pending(random);
      const outcome = commands.add(message.commandId, message, undefined, 'the command');
      for (let i = 0; i < 4; i++) {
        expect(commands.settle(message.commandId, overloaded)).toBe(true);
        await vi.runOnlyPendingTimersAsync();
      }
      expect(commands.settle(message.commandId, { ok: true, version: 12 })).toBe(true);
      expect(await outcome).toEqual({ ok: true, version: 12 });
      expect(waits().map(Math.round)).toEqual(expected);
    }
  });

  it('is answered overloaded once its retries are spent', async () => {
    const commands = pending(() => 0.5);
    const outcome = commands.add(message.commandId, message, undefined, 'the command');
    for (let i = 0; i < 4; i++) {
      commands.settle(message.commandId, overloaded);
      await vi.runOnlyPendingTimersAsync();
    }
    commands.settle(message.commandId, overloaded);
    expect(await outcome).toEqual(overloaded);
    expect(sentAt).toHaveLength(5);
  });

  it('is not sent again for a refusal that is its outcome', async () => {
    const commands = pending(() => 0.5);
    const outcome = commands.add(message.commandId, message, undefined, 'the command');
    const refused = { ok: false as const, code: 'not_in_room', message: 'Join first.' };
    commands.settle(message.commandId, refused);
    expect(await outcome).toEqual(refused);
    await vi.runAllTimersAsync();
    expect(sentAt).toHaveLength(1);
  });
});
