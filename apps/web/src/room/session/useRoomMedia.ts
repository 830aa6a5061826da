// Runs the room's media session (roomMedia.ts) for as long as the room is open: started when the room
// token arrives, joined to the room the moment the session machine has joined (read from the machine
// itself, not from a render, which for the room's screen takes a while), closed when the room closes,
// fails or ends. A media session that cannot start leaves the room usable without audio and video:
// the error is kept for the screen.
import type { RoomTokenResponse } from '@lablive/domain';
import { useEffect, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { createMediaSession } from '../../media/createMediaSession.ts';
import type { DeviceStartError, MediaPreferences, MediaSession } from '../../media/mediaSession.ts';
import { takeLocalStream } from '../../media/streamHandoff.ts';
import { exposeForDebugging } from './debugHandle.ts';
import { startRoomMedia } from './roomMedia.ts';
import type { roomSessionMachine } from './roomSessionMachine.ts';

export type RoomMedia = { media: MediaSession | null; error: unknown };

export function useRoomMedia(
  actor: ActorRefFrom<typeof roomSessionMachine>,
  /** Null while there is no token yet and once the room is over: no media then. */
  token: RoomTokenResponse | null,
  preferences: MediaPreferences,
  onDeviceError: (error: DeviceStartError) => void,
): RoomMedia {
  const [state, setState] = useState<RoomMedia>({ media: null, error: null });
  // The preferences only seed the session: later toggles go through the session itself.
  const [initialPreferences] = useState(preferences);

  useEffect(() => {
    if (token === null) return;
    let cancelled = false;
    const start = startRoomMedia({
      token,
      create: createMediaSession,
      preferences: initialPreferences,
      // The waiting room's open camera and microphone, when this tab came from it.
      localStream: takeLocalStream() ?? undefined,
      onDeviceError,
    });
    start.media.then(
      (media) => {
        if (!cancelled) setState({ media, error: null });
      },
      (error: unknown) => {
        if (!cancelled) setState({ media: null, error });
      },
    );
    const joinOnceJoined = (snapshot: SnapshotFrom<typeof roomSessionMachine>) => {
      if (snapshot.context.handle !== null) start.join(snapshot.context.handle);
    };
    joinOnceJoined(actor.getSnapshot());
    const subscription = actor.subscribe(joinOnceJoined);
    return () => {
      cancelled = true;
      subscription.unsubscribe();
      start.close();
      setState({ media: null, error: null });
    };
  }, [actor, token, initialPreferences, onDeviceError]);

  useEffect(() => exposeForDebugging(state.media), [state.media]);

  return state;
}
