// What the waiting-room machine keeps, and the pure steps it takes on it: settling the toggles and
// device choices once the devices are known, reading the outcome of opening a device, the request to
// open one, and the preferences handed to the live room.
import type { EventRole, RoomSessionStatus } from '@lablive/domain';
import type { Failure } from '../failure.ts';
import type { DeviceLists, LocalStreamResult } from '../media/devices.ts';
import type { DeviceStartError, MediaPreferences } from '../media/mediaSession.ts';
import { hasLiveTrack, type MediaKind, resolveDeviceId, trackDeviceId } from './previewStream.ts';
import { noticesForStartErrors, type WaitingNotice } from './waitingNotices.ts';

export type WaitingRoomParticipation = {
  eventId: number;
  participationId: number;
  role: EventRole;
  /** Where the room's sessions are: between two, guests wait here for the next. */
  session: RoomSessionStatus;
  /** The event keeps its guests in the lobby until a host admits them (absent: it does not). */
  lobby?: boolean;
};

export type MediaPreferencesStore = { read(): MediaPreferences; save(preferences: MediaPreferences): void };

export type OpenStreamRequest = {
  /** The preview so far: its live tracks of the kinds not asked for are kept in the answer. */
  current: MediaStream | null;
  audio: boolean;
  video: boolean;
  audioInputId: string | null;
  videoInputId: string | null;
};

/** Why a device is being opened: the answer is read differently (a failed switch keeps the old one). */
export type Opening = {
  reason: 'toggle' | 'switch' | 'recover';
  audio: boolean;
  video: boolean;
  /** The device a switch started from, chosen again when the new one fails. */
  previousId: string | null;
};

export type WaitingRoomContext = {
  roomId: number | null;
  isManager: boolean;
  cameraAllowed: boolean;
  preferences: MediaPreferencesStore;
  devices: DeviceLists;
  /** The preview: live tracks of the kinds switched on (the tracks of a kind switched off are stopped). */
  stream: MediaStream | null;
  audioEnabled: boolean;
  videoEnabled: boolean;
  audioInputId: string | null;
  videoInputId: string | null;
  audioOutputId: string | null;
  /** What could not be started while preparing, reported once the devices are known. */
  probeErrors: DeviceStartError[];
  opening: Opening | null;
  /** Devices changed while another step ran: look again when it ends. */
  relistPending: boolean;
  participation: WaitingRoomParticipation | null;
  /** The role on arrival: staff keep the role selector even after stepping down to participant. */
  arrivalRole: EventRole | null;
  pendingRole: EventRole | null;
  roleError: Failure | null;
  roomError: Failure | null;
  /** Why the room did not let this guest in after they knocked (the room's code), or null. */
  lobbyRefusal: string | null;
};

export const EMPTY_DEVICE_LISTS: DeviceLists = { audioInputs: [], videoInputs: [], audioOutputs: [] };

/** Kinds whose toggle is off: their tracks must not run (the camera light goes off). */
export function offKinds(context: Pick<WaitingRoomContext, 'audioEnabled' | 'videoEnabled'>): MediaKind[] {
  const kinds: MediaKind[] = [];
  if (!context.audioEnabled) kinds.push('audio');
  if (!context.videoEnabled) kinds.push('video');
  return kinds;
}

/**
 * Once the devices are known: a toggle stays on only if its device started, and each choice is the
 * remembered device when it is still there, else the one the browser opened, else the first.
 */
export function settleDevices(
  context: WaitingRoomContext,
  devices: DeviceLists,
): Pick<
  WaitingRoomContext,
  'devices' | 'audioEnabled' | 'videoEnabled' | 'audioInputId' | 'videoInputId' | 'audioOutputId'
> {
  const { stream } = context;
  return {
    devices,
    audioEnabled: context.audioEnabled && hasLiveTrack(stream, 'audio'),
    videoEnabled: context.videoEnabled && hasLiveTrack(stream, 'video'),
    audioInputId: resolveDeviceId(devices.audioInputs, context.audioInputId, trackDeviceId(stream, 'audio')),
    videoInputId: resolveDeviceId(devices.videoInputs, context.videoInputId, trackDeviceId(stream, 'video')),
    audioOutputId: resolveDeviceId(devices.audioOutputs, context.audioOutputId, 'default'),
  };
}

export function openingRequest(
  context: WaitingRoomContext,
  kinds: Pick<Opening, 'audio' | 'video'>,
): OpenStreamRequest {
  return {
    current: context.stream,
    audio: kinds.audio,
    video: kinds.video,
    audioInputId: context.audioInputId,
    videoInputId: context.videoInputId,
  };
}

/**
 * After opening a device: the toggles follow what is live, and a failed switch goes back to the device
 * it started from. The notices say what failed (and end the "updating" toast of a switch).
 */
export function afterOpening(
  context: WaitingRoomContext,
  result: LocalStreamResult,
): { changes: Partial<WaitingRoomContext>; notices: WaitingNotice[] } {
  const { opening } = context;
  const notices: WaitingNotice[] = [];
  let { audioInputId, videoInputId } = context;
  if (opening?.reason === 'switch') {
    const failed = result.errors.length > 0;
    notices.push({ type: failed ? 'devicesUpdateFailed' : 'devicesUpdated' });
    if (failed && opening.audio) audioInputId = opening.previousId;
    if (failed && opening.video) videoInputId = opening.previousId;
  }
  notices.push(...noticesForStartErrors(result.errors));
  return {
    changes: {
      stream: result.stream,
      opening: null,
      audioEnabled: hasLiveTrack(result.stream, 'audio'),
      videoEnabled: hasLiveTrack(result.stream, 'video'),
      audioInputId,
      videoInputId,
    },
    notices,
  };
}

export function preferencesOf(context: WaitingRoomContext): MediaPreferences {
  return {
    audioEnabled: context.audioEnabled,
    videoEnabled: context.videoEnabled,
    audioInputId: context.audioInputId,
    videoInputId: context.videoInputId,
    audioOutputId: context.audioOutputId,
  };
}

/** A value the machine's guards already proved present (room id while loading, participation while saving). */
export function present<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`waitingRoomMachine: ${what} is missing in this state`);
  return value;
}
