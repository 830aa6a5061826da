// The live room once joined: it provides RoomContext (the room state as a store, send, the REST client,
// the room token, the media session) and lays out the header, the stage, the video tiles, the sidebar
// and the control bar, with a banner while the socket reconnects, one while the media server cannot be
// reached, and, for staff, one when the room holds more people than the browser mesh carries.
import type { RoomHandle } from '@lablive/client';
import type { RoomTokenResponse } from '@lablive/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { publishes } from '../media/createMediaSession.ts';
import { type MediaPreferences, MediaServerUnavailable, type MediaSession } from '../media/mediaSession.ts';
import { api } from '../services.ts';
import { RoomBroadcastNotices } from './broadcast/RoomBroadcastNotices.tsx';
import { ControlBar } from './controls/ControlBar.tsx';
import { DeviceNotice } from './controls/DeviceNotice.tsx';
import { RoomHeader } from './header/RoomHeader.tsx';
import { LobbyBar } from './lobby/LobbyBar.tsx';
import { MeshLimitNotice } from './MeshLimitNotice.tsx';
import { RoomContext, type RoomContextValue } from './roomContext.ts';
import { RoomShellContext, type RoomShellValue } from './session/roomShellContext.ts';
import { roomMe, roomStateStore } from './session/roomStateStore.ts';
import { useDeviceSync } from './session/useDeviceSync.ts';
import { useMediaProblem } from './session/useMediaProblem.ts';
import { useMediaWiring } from './session/useMediaWiring.ts';
import { useProblemReports } from './session/useProblemReports.ts';
import { Sidebar } from './sidebar/Sidebar.tsx';
import { Stage } from './stage/Stage.tsx';
import { VideoTiles } from './tiles/VideoTiles.tsx';
import './room.css';
import './dialogs.css';

type LiveRoomProps = {
  roomId: number;
  handle: RoomHandle;
  token: RoomTokenResponse;
  eventId: number | null;
  isGuest: boolean;
  initialPreferences: MediaPreferences;
  /** Started with the room token, before the join (session/useRoomMedia.ts); null until it runs. */
  media: MediaSession | null;
  /** Why the media session could not start, or null. */
  mediaError: unknown;
  /** A device that failed on its own, shown for a while; null when there is nothing to say. */
  mediaProblem: unknown;
  onMediaProblem: (problem: unknown) => void;
  reconnecting: boolean;
  leaving: boolean;
  onLeave: () => void;
};

export function LiveRoom(props: LiveRoomProps) {
  const { roomId, handle, token, isGuest, reconnecting, leaving, onLeave } = props;
  const { media, mediaError, mediaProblem, onMediaProblem: reportMediaProblem } = props;
  const { t } = useTranslation('room');
  const navigate = useNavigate();
  const location = useLocation();
  const [preferences, setPreferences] = useState(props.initialPreferences);
  const root = useRef<HTMLDivElement>(null);
  const dismissMediaProblem = useCallback(() => reportMediaProblem(null), [reportMediaProblem]);
  const cameraAllowed = token.activeModules.includes('active_camera');
  const mediaServerProblem = useMediaProblem(media);
  useMediaWiring(handle, media, reportMediaProblem);
  useProblemReports(handle, mediaError, 'video');
  useProblemReports(handle, mediaServerProblem, 'video');
  useProblemReports(handle, mediaProblem, 'device');
  useDeviceSync(handle, media, props.initialPreferences, {
    cameraAllowed,
    publishes: publishes(token.session),
    onFailure: reportMediaProblem,
  });
  const serverUnreachable = mediaServerProblem !== null || mediaError instanceof MediaServerUnavailable;

  // The media session keeps them in cookies; this history entry gets them too, since a reload of the
  // room reads its navigation state first.
  const updatePreferences = useCallback(
    (change: Partial<MediaPreferences>) => {
      setPreferences((current) => {
        const next = { ...current, ...change };
        const state: unknown = location.state;
        const kept = typeof state === 'object' && state !== null ? state : {};
        navigate(location.pathname, { replace: true, state: { ...kept, preferences: next } });
        return next;
      });
    },
    [location.pathname, location.state, navigate],
  );

  const store = useMemo(() => roomStateStore(handle), [handle]);
  const room = useMemo<RoomContextValue>(
    () => ({
      roomId,
      eventId: props.eventId ?? handle.state.config.eventId,
      me: roomMe(handle, token.participation),
      store,
      send: (command) => handle.send(command),
      api,
      token,
      media,
    }),
    [roomId, props.eventId, handle, token, store, media],
  );
  const shell = useMemo<RoomShellValue>(
    () => ({
      isGuest,
      preferences,
      updatePreferences,
      leave: onLeave,
      leaving,
      mediaError: mediaError ?? mediaProblem,
    }),
    [isGuest, preferences, updatePreferences, onLeave, leaving, mediaError, mediaProblem],
  );

  return (
    <RoomContext.Provider value={room}>
      <RoomShellContext.Provider value={shell}>
        <div className="room" ref={root} data-testid="room-page" data-room-id={roomId}>
          {reconnecting && (
            <p className="room-banner" role="status" data-testid="room-reconnecting">
              {t('shell.reconnecting')}
            </p>
          )}
          {(mediaError !== null || serverUnreachable) && (
            <p className="room-banner room-banner-warning" role="alert" data-testid="room-media-error">
              {serverUnreachable ? t('shell.mediaServerUnavailable') : t('shell.mediaFailed')}
            </p>
          )}
          <RoomBroadcastNotices />
          <MeshLimitNotice />
          <LobbyBar />
          <DeviceNotice problem={mediaProblem} onDismiss={dismissMediaProblem} />
          <RoomHeader />
          <div className="room-body">
            <Stage />
            <VideoTiles />
            <Sidebar />
          </div>
          <ControlBar fullscreenTarget={root} />
        </div>
      </RoomShellContext.Provider>
    </RoomContext.Provider>
  );
}
