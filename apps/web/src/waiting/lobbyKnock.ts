// The waiting room's knock (issue 33, part 2): a guest of an event with a lobby knocks on the room
// socket instead of going in, and the answers come back to the machine: waiting, then admitted (the
// machine goes in) or refused with the room's code. The actor owns its realtime client: leaving the
// page (or the state) closes it, which gives the knock up on the server.
import { createRealtimeClient, type TokenStore } from '@lablive/client';
import { fromCallback } from 'xstate';
import type { WaitingRoomEvent } from './waitingRoomSetup.ts';

export type KnockDeps = { socketUrl: string; tokenStore: TokenStore; refreshToken: () => Promise<unknown> };

export function createKnockActor(deps: KnockDeps) {
  return fromCallback<WaitingRoomEvent, { roomId: number }>(({ sendBack, input }) => {
    const client = createRealtimeClient({
      url: deps.socketUrl,
      getToken: () => deps.tokenStore.get()?.token ?? '',
      onTokenRejected: async () => {
        await deps.refreshToken();
      },
    });
    const knock = client.knock(input.roomId);
    knock.onAnswer((answer) => sendBack({ type: 'lobby.answer', answer }));
    return () => {
      knock.stop();
      client.close();
    };
  });
}
