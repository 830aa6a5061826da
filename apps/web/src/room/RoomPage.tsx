// The live room's route, /room/:id (live-room spec, section 2). It runs the room session machine
// (connecting, live ⇄ reconnecting, left, ended) and shows what each state needs: a spinner, the
// live room, the end of the session, or why the room could not open. Without a participation in the
// room a guest goes to / and staff to /admin/events; after leaving, guests go to /event.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { useCurrentUser } from '../auth/useAuth.ts';
import { readMediaPreferences } from '../media/mediaPreferences.ts';
import { api, tokenStore } from '../services.ts';
import { LiveRoom } from './LiveRoom.tsx';
import { RoomConnecting, RoomEnded, RoomFailed } from './session/RoomStatusScreens.tsx';
import {
  afterLeavingPath,
  isGuestVisit,
  notAdmittedPath,
  parseRoomId,
  type RoomNavigationState,
  readNavigationState,
} from './session/roomNavigation.ts';
import { createRoomSessionActors } from './session/roomSessionActors.ts';
import { type RoomSessionStatus, roomSessionMachine } from './session/roomSessionMachine.ts';
import { sameOriginSocketUrl } from './session/socketUrl.ts';
import { useRoomMedia } from './session/useRoomMedia.ts';

const roomSessionLogic = roomSessionMachine.provide({
  actors: createRoomSessionActors({ api, tokenStore, socketUrl: sameOriginSocketUrl(window.location) }),
});

type Snapshot = SnapshotFrom<typeof roomSessionMachine>;

function statusOf(snapshot: Snapshot): RoomSessionStatus {
  if (snapshot.matches('connecting')) return 'connecting';
  if (snapshot.matches('live')) return 'live';
  if (snapshot.matches('reconnecting')) return 'reconnecting';
  if (snapshot.matches('leaving')) return 'leaving';
  if (snapshot.matches('left')) return 'left';
  if (snapshot.matches('ended')) return 'ended';
  return 'failed';
}

export function RoomPage() {
  const { id } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const navigation = useMemo(() => readNavigationState(location.state), [location.state]);
  const isGuest = isGuestVisit(navigation, user);
  const roomId = parseRoomId(id);
  if (roomId === null) return <Navigate to={notAdmittedPath(isGuest)} replace />;
  // A new room id is a new session: nothing of the previous room carries over.
  return <RoomSession key={roomId} roomId={roomId} navigation={navigation} isGuest={isGuest} />;
}

function RoomSession({
  roomId,
  navigation,
  isGuest,
}: {
  roomId: number;
  navigation: RoomNavigationState;
  isGuest: boolean;
}) {
  const actor = useActorRef(roomSessionLogic, { input: { roomId } });
  const status = useSelector(actor, statusOf);
  const token = useSelector(actor, (snapshot) => snapshot.context.token);
  const handle = useSelector(actor, (snapshot) => snapshot.context.handle);
  // The live room is a large screen to build: it is rendered in the background, in slices, so the
  // media's signalling (the first remote frame waits on it) goes on meanwhile instead of behind it.
  const shownHandle = useDeferredValue(handle);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  const endedBecause = useSelector(actor, (snapshot) => snapshot.context.endedBecause);
  const leave = useCallback(() => actor.send({ type: 'room.leave' }), [actor]);
  // Read once: later changes are the live room's (it keeps them in the history entry, the media in cookies).
  const [initialPreferences] = useState(() => navigation.preferences ?? readMediaPreferences());
  const [mediaProblem, setMediaProblem] = useState<unknown>(null);
  const reportMediaProblem = useCallback((problem: unknown) => setMediaProblem(problem), []);
  // From the token on, while the room is open: the media gets ready while the socket joins.
  const roomOpen = status !== 'failed' && status !== 'ended' && status !== 'left';
  const { media, error: mediaError } = useRoomMedia(
    actor,
    roomOpen ? token : null,
    initialPreferences,
    reportMediaProblem,
  );

  switch (status) {
    case 'connecting':
      return <RoomConnecting />;
    case 'left':
      return <Navigate to={afterLeavingPath(isGuest)} replace />;
    case 'ended':
      return (
        <RoomEnded
          exitPath={afterLeavingPath(isGuest)}
          reason={endedBecause ?? 'session'}
          waitingRoom={{
            path: `/waiting/${roomId}`,
            state: navigation.eventId === null ? null : { eventId: navigation.eventId, isGuest },
          }}
        />
      );
    case 'failed':
      if (failure === null || failure.kind === 'notAdmitted')
        return <Navigate to={notAdmittedPath(isGuest)} replace />;
      return <RoomFailed failure={failure} exitPath={afterLeavingPath(isGuest)} />;
    case 'live':
    case 'reconnecting':
    case 'leaving':
      if (shownHandle === null || token === null) return <RoomConnecting />;
      return (
        <LiveRoom
          roomId={roomId}
          handle={shownHandle}
          token={token}
          eventId={navigation.eventId}
          isGuest={isGuest}
          initialPreferences={initialPreferences}
          media={media}
          mediaError={mediaError}
          mediaProblem={mediaProblem}
          onMediaProblem={reportMediaProblem}
          reconnecting={status === 'reconnecting'}
          leaving={status === 'leaving'}
          onLeave={leave}
        />
      );
    default: {
      const unhandled: never = status;
      throw new Error(`Unhandled room status ${String(unhandled)}`);
    }
  }
}
