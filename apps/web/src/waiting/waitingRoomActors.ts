// The waiting-room machine's IO: the devices (through media/devices.ts) and the room and role (through
// the REST client). Built from their dependencies so that tests can run the same actors on fakes.
import type { RoomsApi } from '@lablive/client';
import type { EventRole } from '@lablive/domain';
import { fromCallback, fromPromise } from 'xstate';
import type { DeviceLists, LocalStreamOptions, LocalStreamResult } from '../media/devices.ts';
import { combinePreview } from './previewStream.ts';
import type { OpenStreamRequest, WaitingRoomParticipation } from './waitingRoomContext.ts';
import type { WaitingRoomEvent } from './waitingRoomMachine.ts';

export type DeviceDeps = {
  listDevices(): Promise<DeviceLists>;
  openLocalStream(options: LocalStreamOptions): Promise<LocalStreamResult>;
  onDevicesChanged(listener: () => void): () => void;
  createStream(tracks: MediaStreamTrack[]): MediaStream;
};

export function createDeviceActors(deps: DeviceDeps) {
  return {
    listDevices: fromPromise(() => deps.listDevices()),
    openStream: fromPromise(async ({ input, signal }: { input: OpenStreamRequest; signal: AbortSignal }) => {
      const opened = await deps.openLocalStream(input);
      if (signal.aborted) {
        // The page was left while the browser answered: nobody will ever stop these tracks otherwise.
        for (const track of opened.stream?.getTracks() ?? []) track.stop();
        return { stream: input.current, errors: [] };
      }
      return {
        stream: combinePreview(input.current, opened.stream, deps.createStream),
        errors: opened.errors,
      };
    }),
    watchDevices: fromCallback<WaitingRoomEvent>(({ sendBack }) =>
      deps.onDevicesChanged(() => sendBack({ type: 'devices.changed' })),
    ),
  };
}

/** How often a guest waiting between two sessions asks whether the next one has started. */
export const SESSION_POLL_MS = 4000;

export function createRoomActors(rooms: Pick<RoomsApi, 'room' | 'updateParticipant'>) {
  return {
    loadRoom: fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { roomId: number };
        signal: AbortSignal;
      }): Promise<WaitingRoomParticipation> => {
        const room = await rooms.room(input.roomId, { signal });
        return {
          eventId: room.event_id,
          participationId: room.participation.id,
          role: room.participation.role,
          session: room.session,
          lobby: room.lobby,
        };
      },
    ),
    /** Asks the room every few seconds until its session is no longer over (or the event closes). */
    watchSession: fromCallback<WaitingRoomEvent, { roomId: number }>(({ sendBack, input }) => {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ask = () => {
        rooms.room(input.roomId, { signal: controller.signal }).then(
          (room) => {
            if (room.session.status !== 'ended' || room.session.closed) {
              sendBack({ type: 'session.changed', session: room.session });
            } else {
              timer = setTimeout(ask, SESSION_POLL_MS);
            }
          },
          // A failed look (the network) is tried again; the page says nothing new meanwhile.
          () => {
            if (!controller.signal.aborted) timer = setTimeout(ask, SESSION_POLL_MS);
          },
        );
      };
      timer = setTimeout(ask, SESSION_POLL_MS);
      return () => {
        controller.abort();
        clearTimeout(timer);
      };
    }),
    updateRole: fromPromise(
      async ({ input }: { input: { participationId: number; role: EventRole } }): Promise<EventRole> =>
        (await rooms.updateParticipant(input.participationId, { role: input.role })).role,
    ),
  };
}
