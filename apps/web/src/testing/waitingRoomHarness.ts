// A waiting-room machine to test: the real device actors over a fake navigator.mediaDevices (so
// permission, missing devices and unplugging behave as in a browser), the room and role calls answered
// as the server would, and what the machine said (notices) and saved (preferences).
import type { KnockAnswer } from '@lablive/client';
import type { EventRole, RoomSessionStatus } from '@lablive/domain';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { createDeviceHelpers } from '../media/devices.ts';
import { DEFAULT_MEDIA_PREFERENCES } from '../media/mediaPreferences.ts';
import type { MediaPreferences } from '../media/mediaSession.ts';
import type { WaitingNotice } from '../waiting/waitingNotices.ts';
import { createDeviceActors } from '../waiting/waitingRoomActors.ts';
import type { WaitingRoomParticipation } from '../waiting/waitingRoomContext.ts';
import { type WaitingRoomEvent, waitingRoomMachine } from '../waiting/waitingRoomMachine.ts';
import { type FakeDevice, FakeStream, fakeMediaDevices } from './fakeMedia.ts';

export const mic1: FakeDevice = { kind: 'audioinput', deviceId: 'mic-1', label: 'Desk microphone' };
export const mic2: FakeDevice = { kind: 'audioinput', deviceId: 'mic-2', label: 'Headset' };
export const cam1: FakeDevice = { kind: 'videoinput', deviceId: 'cam-1', label: 'HD webcam' };
export const cam2: FakeDevice = { kind: 'videoinput', deviceId: 'cam-2', label: 'USB camera' };
export const speaker: FakeDevice = { kind: 'audiooutput', deviceId: 'default', label: 'Speakers' };

type Options = {
  devices?: FakeDevice[];
  refuse?: Partial<Record<string, string>>;
  preferences?: Partial<MediaPreferences>;
  roomId?: number | null;
  isManager?: boolean;
  cameraAllowed?: boolean;
  loadRoom?: (roomId: number) => Promise<WaitingRoomParticipation>;
  updateRole?: (participationId: number, role: EventRole) => Promise<EventRole>;
};

/** A session running in the room: the usual case for who arrives. */
export const RUNNING_SESSION: RoomSessionStatus = { status: 'started', number: 1, closed: false };

const guestIn = (roomId: number): Promise<WaitingRoomParticipation> =>
  Promise.resolve({
    eventId: 7,
    participationId: 40 + roomId,
    role: 'participant',
    session: RUNNING_SESSION,
  });

export function startWaitingRoom(options: Options = {}) {
  const plugged = [...(options.devices ?? [mic1, cam1, speaker])];
  const fake = fakeMediaDevices(plugged, options.refuse);
  const createStream = (tracks: MediaStreamTrack[]) => new FakeStream(tracks);
  const helpers = createDeviceHelpers({ mediaDevices: () => fake.access, createStream });
  let announceChange = () => {};
  let announceSession = (_session: RoomSessionStatus) => {};
  let watchingSession = false;
  let answerKnock = (_answer: KnockAnswer) => {};
  let knocking = false;
  const saved: MediaPreferences[] = [];
  const roleCalls: { participationId: number; role: EventRole }[] = [];
  const logic = waitingRoomMachine.provide({
    actors: {
      ...createDeviceActors({
        ...helpers,
        createStream,
        onDevicesChanged: (listener) => {
          announceChange = listener;
          return () => {
            announceChange = () => {};
          };
        },
      }),
      // Stands for the server's answer on the room's session, which the test gives when it likes.
      watchSession: fromCallback<WaitingRoomEvent, { roomId: number }>(({ sendBack }) => {
        watchingSession = true;
        announceSession = (session) => sendBack({ type: 'session.changed', session });
        return () => {
          watchingSession = false;
        };
      }),
      // Stands for the room socket's answers to a knock (issue 33, part 2), given when the test likes.
      knock: fromCallback<WaitingRoomEvent, { roomId: number }>(({ sendBack }) => {
        knocking = true;
        answerKnock = (answer) => sendBack({ type: 'lobby.answer', answer });
        return () => {
          knocking = false;
        };
      }),
      loadRoom: fromPromise(({ input }: { input: { roomId: number } }) =>
        (options.loadRoom ?? guestIn)(input.roomId),
      ),
      updateRole: fromPromise(({ input }: { input: { participationId: number; role: EventRole } }) => {
        roleCalls.push(input);
        return (options.updateRole ?? ((_, role) => Promise.resolve(role)))(
          input.participationId,
          input.role,
        );
      }),
    },
  });
  const preferences = { ...DEFAULT_MEDIA_PREFERENCES, ...options.preferences };
  const actor = createActor(logic, {
    input: {
      roomId: options.roomId === undefined ? 12 : options.roomId,
      isManager: options.isManager ?? false,
      cameraAllowed: options.cameraAllowed ?? true,
      preferences: { read: () => preferences, save: (chosen: MediaPreferences) => void saved.push(chosen) },
    },
  });
  const notices: WaitingNotice[] = [];
  actor.on('notice', (event) => notices.push(event.notice));
  actor.start();
  const ready = () => waitFor(actor, (s) => s.matches({ waiting: { media: { ready: 'idle' } } }));
  const loaded = () => waitFor(actor, (s) => s.matches({ waiting: { room: 'loaded' } }));
  const tracks = (kind: 'audio' | 'video') =>
    actor
      .getSnapshot()
      .context.stream?.getTracks()
      .filter((track) => track.kind === kind) ?? [];
  return {
    actor,
    notices,
    saved,
    plugged,
    calls: fake.calls,
    roleCalls,
    ready,
    loaded,
    tracks,
    announceChange: () => announceChange(),
    /** The room's session as the server now says it (only while the page watches it). */
    announceSession: (session: RoomSessionStatus) => announceSession(session),
    watchingSession: () => watchingSession,
    /** The room's answer to this guest's knock (only while they knock). */
    answerKnock: (answer: KnockAnswer) => answerKnock(answer),
    knocking: () => knocking,
  };
}

export const live = (track: MediaStreamTrack | undefined) => track?.readyState === 'live';
