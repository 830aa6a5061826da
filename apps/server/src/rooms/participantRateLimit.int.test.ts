// Commands are limited per participant in a room, whatever number of sockets (or instances) they send
// from: the room's host counts them, so twenty sockets get what one gets. Others in the room are not
// slowed by it, and joins and leaves are never refused.
import { randomUUID } from 'node:crypto';
import type { RoomActor } from '@lablive/domain';
import { PROTOCOL_LIMITS } from '@lablive/protocol';
import { createEvent, createLab, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { createRoomService, type RunningRoomService } from './createRoomService.ts';

let test: TestDatabase;
let service: RunningRoomService;
let roomId: number;
const actor = (participantId: number): RoomActor => ({
  participantId,
  userId: null,
  role: 'participant',
  name: `P${participantId}`,
  email: `p${participantId}@x.org`,
});
const flooder = actor(1);
const bystander = actor(2);
/** Time stands still during the burst: no token comes back while it is sent. */
const frozen = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  test = await createTestDatabase();
  const labId = await createLab(test.db, 'Lab');
  roomId = (await createEvent(test.db, { labId, slug: 'rate-1' })).roomIds[0] ?? 0;
  service = await createRoomService({
    db: test.db,
    databaseUrl: test.url,
    bus: createInProcessBus(),
    log: () => {},
    now: () => frozen,
  });
});
afterAll(async () => {
  await service.close();
  await test.drop();
});

const send = (who: RoomActor, connection: string, text: string) =>
  service.execute({
    roomId,
    commandId: randomUUID(),
    actor: who,
    command: { type: 'SendChatMessage', data: { messageId: randomUUID(), text } },
    correlationId: connection,
  });

describe('the per-participant command limit', () => {
  it('gives a participant with twenty connections the burst of one, and leaves the others alone', async () => {
    for (const [who, connection] of [
      [flooder, 'a'],
      [bystander, 'b'],
    ] as const) {
      const joined = await service.execute({
        roomId,
        commandId: randomUUID(),
        actor: who,
        command: { type: 'JoinRoom', data: { connectionId: connection } },
      });
      expect(joined.ok).toBe(true);
    }
    // 20 connections x 100 commands, all at once, as the attacker sent them.
    const outcomes = await Promise.all(
      Array.from({ length: 2000 }, (_, index) => send(flooder, `socket-${index % 20}`, `flood ${index}`)),
    );
    const accepted = outcomes.filter((outcome) => outcome.ok).length;
    const limited = outcomes.filter((outcome) => !outcome.ok && outcome.code === 'rate_limited').length;
    expect(accepted).toBe(PROTOCOL_LIMITS.participantCommandBurst);
    expect(limited).toBe(2000 - accepted);

    expect((await send(bystander, 'b', 'I can still talk')).ok).toBe(true);
    const left = await service.execute({
      roomId,
      commandId: randomUUID(),
      actor: flooder,
      command: { type: 'LeaveRoom', data: { connectionId: 'a', reason: 'left' } },
    });
    expect(left.ok).toBe(true);
  });
});
