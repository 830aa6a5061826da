// The waiting room, /waiting/{roomId} (live-room spec, sections 2, 4 and 8): a 16:9 camera preview with
// microphone and camera toggles, device selectors, the audio output, the role selector for staff, and
// Join meeting, which saves the preferences and opens /room/{roomId} with them. The lab's waiting-room
// image heads it; a lab without cameras says so, its camera toggle and preview disabled. Arrives with
// `{ eventId, isGuest }`; opened without it, the room's participation says who the person is.

import { isAnimator } from '@lablive/domain';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { isManager } from '../auth/roles.ts';
import { useCurrentUser } from '../auth/useAuth.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { LabBanner } from '../components/LabBanner.tsx';
import { useEventInfo } from '../hooks/useEventInfo.ts';
import { describeFailure } from '../i18n/messages.ts';
import { loadRoomPage } from '../room/loadRoomPage.ts';
import { handOverRoomToken } from '../room/session/roomTokenHandoff.ts';
import { api } from '../services.ts';
import { CameraPreview } from './CameraPreview.tsx';
import { DevicePanel } from './DevicePanel.tsx';
import { DeviceToggles } from './DeviceToggles.tsx';
import { LobbyNotice } from './LobbyNotice.tsx';
import { parseRoomId, toRoomNavigation, waitingNavigationSchema } from './navigationState.ts';
import { RolePicker } from './RolePicker.tsx';
import { useWaitingRoom } from './useWaitingRoom.ts';
import { isStaff } from './waitingRoomMachine.ts';
import './waiting.css';

export function WaitingRoomPage() {
  const param = useParams().roomId;
  // Another room's address is another waiting room: a fresh machine, not this one with a stale room.
  return <WaitingRoom key={param} roomId={parseRoomId(param)} />;
}

function WaitingRoom({ roomId }: { roomId: number | null }) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const navigate = useNavigate();
  const locationState: unknown = useLocation().state;
  const arrival = useMemo(() => {
    const parsed = waitingNavigationSchema.safeParse(locationState);
    return parsed.success ? parsed.data : null;
  }, [locationState]);
  const user = useCurrentUser();
  // The lab's active_camera module: without it nobody's camera is used in its rooms (the server's
  // room token offers none), so the page says why and keeps the camera off.
  const cameraAllowed = user === null || user.lab.modules.includes('active_camera');
  const actor = useWaitingRoom(roomId, user !== null && isManager(user), cameraAllowed);

  const stream = useSelector(actor, (s) => s.context.stream);
  const cameraOn = useSelector(actor, (s) => s.context.videoEnabled);
  const preparing = useSelector(actor, (s) => s.matches({ waiting: { media: 'preparing' } }));
  const staff = useSelector(actor, (s) => s.context.participation !== null && isStaff(s.context));
  const roomError = useSelector(actor, (s) => s.context.roomError);
  const betweenSessions = useSelector(actor, (s) => s.matches({ waiting: { room: 'betweenSessions' } }));
  const eventClosed = useSelector(actor, (s) => s.matches({ waiting: { room: 'eventClosed' } }));
  const canJoin = useSelector(actor, (s) => s.can({ type: 'room.join' }));
  // A guest of an event with a lobby knocks instead (issue 33, part 2).
  const knocks = useSelector(
    actor,
    (s) => s.context.participation?.lobby === true && !isAnimator(s.context.participation.role),
  );
  const knocking = useSelector(actor, (s) => s.matches({ waiting: { lobby: 'knocking' } }));
  const joined = useSelector(actor, (s) => s.status === 'done');
  const eventId = useSelector(actor, (s) => arrival?.eventId ?? s.context.participation?.eventId ?? null);
  const event = useEventInfo(eventId);

  // Whoever is here is about to go in: the room's code loads meanwhile.
  useEffect(() => {
    loadRoomPage().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!joined || roomId === null) return;
    const state = toRoomNavigation(actor.getSnapshot().context, arrival);
    if (state === null) return;
    // The room's first request starts now, while the page changes (the role is final by now).
    handOverRoomToken(roomId, api.rooms.roomToken(roomId));
    navigate(`/room/${roomId}`, { state });
  }, [joined, roomId, actor, arrival, navigate]);

  return (
    <section className="waiting-room" aria-labelledby="waiting-title" data-testid="waiting-room">
      <LabBanner url={user?.lab.theme.waitingRoomImageUrl ?? null} testId="waiting-room-image" />
      <header className="waiting-header">
        {event.status === 'loaded' && (
          <p className="eyebrow" data-testid="waiting-event-name">
            {event.info.name}
          </p>
        )}
        <h1 id="waiting-title">{tw('title')}</h1>
        <p className="muted">{tw('waitingRoom.intro')}</p>
      </header>
      <div className="waiting-layout">
        <div className="waiting-stage">
          <CameraPreview
            stream={stream}
            cameraOn={cameraOn && !preparing}
            preparing={preparing}
            cameraAllowed={cameraAllowed}
          />
          <DeviceToggles actor={actor} cameraAllowed={cameraAllowed} />
          {!cameraAllowed && (
            <p className="waiting-notice" data-testid="waiting-no-camera">
              {tw('waitingRoom.noCameraInLab')}
            </p>
          )}
        </div>
        <div className="waiting-panel raised">
          <DevicePanel actor={actor} />
          {staff && <RolePicker actor={actor} />}
          {betweenSessions && (
            <p className="waiting-notice" role="status" data-testid="waiting-between-sessions">
              {tw('waitingRoom.betweenSessions')}
            </p>
          )}
          {eventClosed && (
            <p className="waiting-notice" role="status" data-testid="waiting-event-closed">
              {tw('waitingRoom.eventClosed')}
            </p>
          )}
          {roomError !== null && (
            <p className="form-error" role="alert" data-testid="waiting-error">
              {tw('waitingRoom.roomFailed', { reason: describeFailure(t, roomError) })}
            </p>
          )}
          {knocks && <LobbyNotice actor={actor} />}
          <BusyButton
            className="button button-primary waiting-join"
            label={knocks ? tw('waitingRoom.lobby.knock') : tw('waitingRoom.join')}
            busyLabel={knocking ? tw('waitingRoom.lobby.knocking') : tw('waitingRoom.joining')}
            busy={joined || knocking}
            disabled={!canJoin}
            testId="waiting-join"
            onClick={() => actor.send({ type: 'room.join' })}
          />
        </div>
      </div>
    </section>
  );
}
