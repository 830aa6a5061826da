// The room's entry to audio and video: opens this person's devices (or takes over the waiting room's
// stream), then starts the provider the server chose in the room token. OpenTok's library is large and
// only some deployments use it, so it is loaded on demand: a mesh room never downloads it; the `janus`
// provider is loaded on demand too, so the live room's first script stays small. Someone the media
// server will not let publish (a plain observer) opens no device at all.
import type { RoomSession } from '@lablive/domain';
import { listDevices, openLocalStream } from './devices.ts';
import { createLocalMedia } from './localMedia.ts';
import { saveMediaPreferences } from './mediaPreferences.ts';
import type {
  DeviceStartError,
  MediaPreferences,
  MediaRequests,
  MediaSession,
  SignalChannel,
} from './mediaSession.ts';
import { createMeshSession } from './meshSession.ts';
import { withSavedPreferences } from './savedPreferences.ts';

export type CreateMediaSessionOptions = {
  /** `session` of GET rooms/{id}/token. */
  session: RoomSession;
  /** This person's participant id in the room. */
  selfId: number;
  signals: SignalChannel;
  /** The room socket's media requests: the `janus` provider negotiates through them. */
  requests?: MediaRequests;
  preferences: MediaPreferences;
  /** The waiting room's camera and microphone, handed over: the session stops them on close(). */
  localStream?: MediaStream;
  /** A device the session opened itself could not start (no waiting-room stream, e.g. after a reload). */
  onDeviceError?: (error: DeviceStartError) => void;
  /** Connection and negotiation errors, for the log; the session carries on (the spec logs them only). */
  onError?: (error: unknown) => void;
};

/** Whether this session sends audio and video: not for whom the media server refuses it. */
export function publishes(session: CreateMediaSessionOptions['session']): boolean {
  return session.provider !== 'janus' || session.mayPublish;
}

/** The devices to start with: the waiting room's, none for someone who does not publish. */
function startingStream(options: CreateMediaSessionOptions): { stream?: MediaStream } {
  if (publishes(options.session))
    return options.localStream === undefined ? {} : { stream: options.localStream };
  for (const track of options.localStream?.getTracks() ?? []) track.stop();
  return { stream: new MediaStream() };
}

export async function createMediaSession(options: CreateMediaSessionOptions): Promise<MediaSession> {
  const onError = options.onError ?? ((error: unknown) => console.error('Media session:', error));
  const local = await createLocalMedia({
    preferences: options.preferences,
    ...startingStream(options),
    open: openLocalStream,
    list: listDevices,
    onDeviceError: options.onDeviceError ?? onError,
    onError,
  });
  const { session } = options;
  try {
    switch (session.provider) {
      case 'mesh':
        return withSavedPreferences(
          createMeshSession({
            iceServers: session.iceServers,
            selfId: options.selfId,
            signals: options.signals,
            local,
            audioOutputId: options.preferences.audioOutputId,
            onError,
          }),
          options.preferences,
          saveMediaPreferences,
        );
      case 'janus': {
        const { requests } = options;
        if (requests === undefined)
          throw new Error('The janus provider needs the room socket’s media requests.');
        const { createJanusSession } = await import('./janusSession.ts');
        const janus = createJanusSession({
          iceServers: session.iceServers,
          selfId: options.selfId,
          mayPublish: session.mayPublish,
          requests,
          signals: options.signals,
          local,
          audioOutputId: options.preferences.audioOutputId,
          onError,
        });
        return withSavedPreferences(janus, options.preferences, saveMediaPreferences);
      }
      case 'opentok': {
        const { createOpenTokSession } = await import('./opentokSession.ts');
        const opentok = await createOpenTokSession({
          selfId: options.selfId,
          apiKey: session.apiKey,
          sessionId: session.sessionId,
          token: session.sessionToken,
          local,
          audioOutputId: options.preferences.audioOutputId,
          onError,
        });
        return withSavedPreferences(opentok, options.preferences, saveMediaPreferences);
      }
      default: {
        const unknownProvider: never = session;
        throw new Error(`Unknown media provider in ${JSON.stringify(unknownProvider)}`);
      }
    }
  } catch (error) {
    // The provider could not start: the devices opened for it are released.
    local.close();
    throw error;
  }
}
