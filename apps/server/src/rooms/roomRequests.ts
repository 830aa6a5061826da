// A command or a snapshot read, run on the room's host wherever it is (roomRouting.ts finds it). A
// host that is moving (drain, fencing, lost lease, a quiet room unloading) answers room_unavailable:
// the request is routed again, to wherever the room is next, and the same command id appends once.
// What cannot be routed at all is answered room_unavailable, for the caller to retry.
import { DomainError } from '@lablive/domain';
import type { RoomHostDeps } from './roomHostState.ts';
import { roomCodec } from './roomMessages.ts';
import type { RoomRouter } from './roomRouting.ts';
import type { CommandEnvelope, CommandOutcome, RoomSnapshot } from './roomService.ts';
import { roomSubjects } from './roomSubjects.ts';

export type RoomRequests = {
  execute(envelope: CommandEnvelope): Promise<CommandOutcome>;
  snapshot(roomId: number): Promise<RoomSnapshot>;
};

const moving = (outcome: CommandOutcome) => !outcome.ok && outcome.code === 'room_unavailable';

export function createRoomRequests(router: RoomRouter, log: RoomHostDeps['log']): RoomRequests {
  return {
    async execute(envelope) {
      const unavailable: CommandOutcome = {
        ok: false,
        commandId: envelope.commandId,
        code: 'room_unavailable',
        message: 'The room is not available right now; retry.',
      };
      const outcome = await router
        .route(
          envelope.roomId,
          async (host) => {
            const result = await host.submit(envelope);
            return moving(result) ? null : result;
          },
          async () => {
            const result = roomCodec.outcome(
              await router.request('cmd', roomSubjects.command(envelope.roomId), roomCodec.encode(envelope)),
            );
            return moving(result) ? null : result;
          },
        )
        .catch((error: unknown) => {
          if (error instanceof DomainError) throw error;
          log('warn', 'room command could not be routed', {
            roomId: envelope.roomId,
            error: String(error),
          });
          return unavailable;
        });
      return outcome ?? unavailable;
    },

    async snapshot(roomId) {
      const snapshot = await router.route(
        roomId,
        async (host) => ({ state: host.state(), version: host.state().version }),
        async () =>
          roomCodec.snapshot(
            await router.request('snapshot', roomSubjects.snapshot(roomId), new Uint8Array()),
          ),
      );
      if (!snapshot) throw new DomainError('conflict', 'The room is not available right now; retry.');
      return snapshot;
    },
  };
}
