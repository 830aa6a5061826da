// The waiting-room machine's vocabulary (live-room spec, section 4): its input, events and emitted
// notices, the IO actors it names (implemented in waitingRoomActors.ts, swapped by tests), its guards
// and its actions. The states live in mediaStates.ts and roomStates.ts; waitingRoomMachine.ts joins them.
import type { KnockAnswer } from '@lablive/client';
import { type EventRole, isAnimator, type RoomSessionStatus } from '@lablive/domain';
import {
  and,
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  setup,
  stateIn,
} from 'xstate';
import type { Failure } from '../failure.ts';
import type { DeviceLists, LocalStreamResult } from '../media/devices.ts';
import { handOverLocalStream } from '../media/streamHandoff.ts';
import { hasLiveTrack, type MediaKind, resolveDeviceId, stopTracks } from './previewStream.ts';
import {
  type InputKind,
  noticesAfterPreparing,
  noticesForDeviceChange,
  type WaitingNotice,
} from './waitingNotices.ts';
import {
  afterOpening,
  type MediaPreferencesStore,
  type Opening,
  type OpenStreamRequest,
  offKinds,
  preferencesOf,
  settleDevices,
  type WaitingRoomContext,
  type WaitingRoomParticipation,
} from './waitingRoomContext.ts';

export type WaitingRoomInput = {
  /** Null when the address carries no usable room id: joining is then blocked, silently (spec, section 8). */
  roomId: number | null;
  /** Managers (manage events) are staff whatever their participation says. */
  isManager: boolean;
  /** The lab uses cameras in its rooms (its active_camera module): without, the camera stays off. */
  cameraAllowed: boolean;
  preferences: MediaPreferencesStore;
};

export type WaitingRoomEvent =
  | { type: 'device.toggleAudio' }
  | { type: 'device.toggleVideo' }
  | { type: 'device.select'; kind: InputKind | 'audiooutput'; deviceId: string }
  | { type: 'devices.changed' }
  | { type: 'role.change'; role: EventRole }
  | { type: 'room.join' }
  | { type: 'session.changed'; session: RoomSessionStatus }
  | { type: 'lobby.answer'; answer: KnockAnswer };

export type WaitingRoomEmitted = { type: 'notice'; notice: WaitingNotice };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`waitingRoomMachine: provide the ${name} actor`));

const mediaKindOf = (kind: InputKind): MediaKind => (kind === 'audioinput' ? 'audio' : 'video');

/** Staff (managers, animators, observers) pick their role; the arrival role decides, not the current one. */
export const isStaff = (context: Pick<WaitingRoomContext, 'isManager' | 'arrivalRole'>): boolean =>
  context.isManager || (context.arrivalRole !== null && context.arrivalRole !== 'participant');

/** A kind switched on whose track ended (its device was unplugged) while another device is there. */
const lost = (context: WaitingRoomContext, kind: MediaKind, devices: DeviceLists) =>
  (kind === 'audio' ? context.audioEnabled : context.videoEnabled) &&
  !hasLiveTrack(context.stream, kind) &&
  (kind === 'audio' ? devices.audioInputs : devices.videoInputs).length > 0;

export const waitingRoomSetup = setup({
  types: {
    context: {} as WaitingRoomContext,
    events: {} as WaitingRoomEvent,
    input: {} as WaitingRoomInput,
    emitted: {} as WaitingRoomEmitted,
  },
  actors: {
    listDevices: fromPromise<DeviceLists>(notProvided('listDevices')),
    openStream: fromPromise<LocalStreamResult, OpenStreamRequest>(notProvided('openStream')),
    loadRoom: fromPromise<WaitingRoomParticipation, { roomId: number }>(notProvided('loadRoom')),
    updateRole: fromPromise<EventRole, { participationId: number; role: EventRole }>(
      notProvided('updateRole'),
    ),
    watchDevices: fromCallback<WaitingRoomEvent>(() => {
      throw new Error('waitingRoomMachine: provide the watchDevices actor');
    }),
    watchSession: fromCallback<WaitingRoomEvent, { roomId: number }>(() => {
      throw new Error('waitingRoomMachine: provide the watchSession actor');
    }),
    knock: fromCallback<WaitingRoomEvent, { roomId: number }>(() => {
      throw new Error('waitingRoomMachine: provide the knock actor');
    }),
  },
  guards: {
    hasRoomId: ({ context }) => context.roomId !== null,
    cameraForbidden: ({ context }) => !context.cameraAllowed,
    // Between two sessions a guest waits for the next; an animator goes in to start it.
    betweenSessions: ({ context }) => {
      const participation = context.participation;
      if (participation === null) return false;
      return participation.session.status === 'ended' && !isAnimator(participation.role);
    },
    eventClosed: ({ context }) => context.participation?.session.closed === true,
    audioOn: ({ context }) => context.audioEnabled,
    videoOn: ({ context }) => context.videoEnabled,
    noAudioInput: ({ context }) => context.devices.audioInputs.length === 0,
    noVideoInput: ({ context }) => context.devices.videoInputs.length === 0,
    selectsOutput: ({ event }) => event.type === 'device.select' && event.kind === 'audiooutput',
    switchesLiveDevice: ({ context, event }) => {
      if (event.type !== 'device.select' || event.kind === 'audiooutput') return false;
      const current = event.kind === 'audioinput' ? context.audioInputId : context.videoInputId;
      return current !== event.deviceId && hasLiveTrack(context.stream, mediaKindOf(event.kind));
    },
    relistPending: ({ context }) => context.relistPending,
    mustRecover: ({ context }, params: { devices: DeviceLists }) =>
      lost(context, 'audio', params.devices) || lost(context, 'video', params.devices),
    canChangeRole: ({ context, event }) =>
      event.type === 'role.change' &&
      context.participation !== null &&
      isStaff(context) &&
      event.role !== context.participation.role,
    canJoin: and([
      stateIn('#waitingRoom.waiting.media.ready.idle'),
      stateIn('#waitingRoom.waiting.room.loaded'),
      not(stateIn('#waitingRoom.waiting.lobby.knocking')),
    ]),
    // A guest (not a host) of an event with a lobby knocks and waits to be let in (issue 33, part 2).
    mustKnock: ({ context }) => {
      const participation = context.participation;
      return participation?.lobby === true && !isAnimator(participation.role);
    },
    admitted: ({ event }) => event.type === 'lobby.answer' && event.answer.status === 'admitted',
    refusedEntry: ({ event }) => event.type === 'lobby.answer' && event.answer.status === 'refused',
  },
  actions: {
    notify: enqueueActions(({ enqueue }, params: { notices: readonly WaitingNotice[] }) => {
      for (const notice of params.notices) enqueue.emit({ type: 'notice', notice });
    }),
    keepProbe: assign((_, params: { result: LocalStreamResult }) => ({
      stream: params.result.stream,
      probeErrors: params.result.errors,
    })),
    settle: enqueueActions(({ context, enqueue }, params: { devices: DeviceLists }) => {
      const changes = settleDevices(context, params.devices);
      enqueue.assign(changes);
      enqueue(() => stopTracks(context.stream, offKinds(changes)));
      for (const notice of noticesAfterPreparing(params.devices, context.probeErrors)) {
        enqueue.emit({ type: 'notice', notice });
      }
    }),
    turnOff: enqueueActions(({ context, enqueue }, params: { kind: MediaKind }) => {
      enqueue.assign(params.kind === 'audio' ? { audioEnabled: false } : { videoEnabled: false });
      enqueue(() => stopTracks(context.stream, [params.kind]));
    }),
    beginOpening: assign((_, params: Opening) => ({ opening: params })),
    choose: assign(({ event }) => {
      assertEvent(event, 'device.select');
      if (event.kind === 'audiooutput') return { audioOutputId: event.deviceId };
      return event.kind === 'audioinput'
        ? { audioInputId: event.deviceId }
        : { videoInputId: event.deviceId };
    }),
    opened: enqueueActions(({ context, enqueue }, params: { result: LocalStreamResult }) => {
      const { changes, notices } = afterOpening(context, params.result);
      enqueue.assign(changes);
      for (const notice of notices) enqueue.emit({ type: 'notice', notice });
    }),
    relisted: enqueueActions(({ context, enqueue }, params: { devices: DeviceLists }) => {
      const { devices } = params;
      const notices = noticesForDeviceChange(context.devices, devices);
      // A kind whose last device went away is switched off; one with another device is reopened.
      const gone = (kind: MediaKind, enabled: boolean, list: DeviceLists['audioInputs']) =>
        enabled && !hasLiveTrack(context.stream, kind) && list.length === 0;
      const audioGone = gone('audio', context.audioEnabled, devices.audioInputs);
      const videoGone = gone('video', context.videoEnabled, devices.videoInputs);
      if (audioGone) notices.push({ type: 'noAudioInput' });
      if (videoGone) notices.push({ type: 'noCamera' });
      enqueue.assign({
        devices,
        audioEnabled: context.audioEnabled && !audioGone,
        videoEnabled: context.videoEnabled && !videoGone,
        audioInputId: resolveDeviceId(devices.audioInputs, context.audioInputId),
        videoInputId: resolveDeviceId(devices.videoInputs, context.videoInputId),
        audioOutputId: resolveDeviceId(devices.audioOutputs, context.audioOutputId, 'default'),
      });
      for (const notice of notices) enqueue.emit({ type: 'notice', notice });
    }),
    beginRecovery: assign(({ context }) => ({
      opening: {
        reason: 'recover',
        audio: lost(context, 'audio', context.devices),
        video: lost(context, 'video', context.devices),
        previousId: null,
      } satisfies Opening,
    })),
    noteDevicesChanged: assign({ relistPending: true }),
    startRelist: assign({ relistPending: false }),
    keepParticipation: assign((_, params: { participation: WaitingRoomParticipation }) => ({
      participation: params.participation,
      arrivalRole: params.participation.role,
      roomError: null,
    })),
    keepRoomError: assign((_, params: { error: Failure }) => ({ roomError: params.error })),
    keepLobbyRefusal: assign(({ event }) => ({
      lobbyRefusal: event.type === 'lobby.answer' ? (event.answer.code ?? 'not_admitted') : null,
    })),
    clearLobbyRefusal: assign({ lobbyRefusal: null }),
    keepSession: assign(({ context, event }) => {
      assertEvent(event, 'session.changed');
      const { participation } = context;
      return { participation: participation && { ...participation, session: event.session } };
    }),
    askRole: assign(({ event }) => {
      assertEvent(event, 'role.change');
      return { pendingRole: event.role, roleError: null };
    }),
    keepRole: assign(({ context }, params: { role: EventRole }) => ({
      participation: context.participation === null ? null : { ...context.participation, role: params.role },
      pendingRole: null,
    })),
    keepRoleError: assign((_, params: { error: Failure }) => ({
      roleError: params.error,
      pendingRole: null,
    })),
    persistPreferences: ({ context }) => context.preferences.save(preferencesOf(context)),
    // The room takes the open camera and microphone over (media/streamHandoff.ts): no restart on Join.
    handOverPreview: ({ context }) => {
      if (context.stream !== null) handOverLocalStream(context.stream);
    },
  },
});
