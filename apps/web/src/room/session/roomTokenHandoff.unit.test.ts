// The token asked for on Join reaches the room of the same tab once, and only that room, while fresh.
import type { RoomTokenResponse } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { HANDOFF_MAX_AGE_MS, handOverRoomToken, takeRoomToken } from './roomTokenHandoff.ts';

const token = { activeModules: [] } as unknown as RoomTokenResponse;

describe('the room token handoff', () => {
  it('gives the request to its room once; a second take asks again', async () => {
    handOverRoomToken(4, Promise.resolve(token), 1000);

    await expect(takeRoomToken(4, 1500)).resolves.toBe(token);
    expect(takeRoomToken(4, 1600)).toBeNull();
  });

  it('does not give it to another room, nor once too old', () => {
    handOverRoomToken(4, Promise.resolve(token), 1000);
    expect(takeRoomToken(5, 1000)).toBeNull();

    handOverRoomToken(4, Promise.resolve(token), 1000);
    expect(takeRoomToken(4, 1001 + HANDOFF_MAX_AGE_MS)).toBeNull();
  });

  it('lets a failed request that nobody took go without an unhandled rejection', async () => {
    handOverRoomToken(4, Promise.reject(new Error('offline')), 1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const taken = takeRoomToken(4, 1000);
    await expect(taken).rejects.toThrow('offline');
  });
});
