// Starts the room's media session once the room is joined (mesh or OpenTok, as the room token says),
// signalled over the room socket, and closes it when the room closes. A media session that cannot
// start leaves the room usable without audio and video: the error is kept for the screen.
import type { RoomHandle } from '@lablive/client';
import type { RoomTokenResponse } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { createMediaSession } from '../../media/createMediaSession.ts';
import type { DeviceStartError, MediaPreferences, MediaSession } from '../../media/mediaSession.ts';
import { takeLocalStream } from '../../media/streamHandoff.ts';
import { exposeForDebugging } from './debugHandle.ts';

export type RoomMedia = { media: MediaSession | null; error: unknown };

export function useRoomMedia(
  handle: RoomHandle,
  session: RoomTokenResponse['session'],
  preferences: MediaPreferences,
  onDeviceError: (error: DeviceStartError) => void,
): RoomMedia {
  const [state, setState] = useState<RoomMedia>({ media: null, error: null });
  // The preferences only seed the session: later toggles go through the session itself.
  const [initialPreferences] = useState(preferences);

  useEffect(() => {
    let closed = false;
    let started: MediaSession | null = null;
    createMediaSession({
      session,
      selfId: handle.participantId,
      signals: {
        send: (to, kind, payload) => void handle.signal(to, kind, payload),
        onSignal: (listener) =>
          handle.onSignal((signal) => listener(signal.from, signal.kind, signal.payload)),
      },
      preferences: initialPreferences,
      // The waiting room's open camera and microphone, when this tab came from it.
      localStream: takeLocalStream() ?? undefined,
      onDeviceError,
    }).then(
      (media) => {
        if (closed) return media.close();
        started = media;
        setState({ media, error: null });
      },
      (error: unknown) => {
        if (!closed) setState({ media: null, error });
      },
    );
    return () => {
      closed = true;
      started?.close();
      setState({ media: null, error: null });
    };
  }, [handle, session, initialPreferences, onDeviceError]);

  useEffect(() => exposeForDebugging(state.media), [state.media]);

  return state;
}
