// The Join part of the event card (live-room spec, sections 2, 4 and 6). Guests are placed by the
// server (GET events/{id}/joinroom) and go to the waiting room of that room; staff (managers, animators,
// observers) pick a room of the running event, which is recorded on their participation when they have
// one (PUT participants/{id}), then go to its waiting room. Staff the organiser already placed in a room
// (an invited animator or observer) are not asked: they join that room.
import type { CurrentUser, EventRoom } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton.tsx';
import { ChoiceSelect } from '../components/ChoiceSelect.tsx';
import { type Failure, toFailure } from '../failure.ts';
import { roomName } from '../i18n/roomName.ts';
import { api } from '../services.ts';
import type { WaitingNavigationState } from '../waiting/navigationState.ts';
import { describeJoinFailure, joinsAsStaff, participationIn } from './joinRules.ts';

type EventJoinProps = {
  eventId: number;
  active: boolean;
  /** Closed by its staff: nobody enters its rooms any more. */
  ended?: boolean;
  user: CurrentUser;
  /** A required consent is not accepted (issue 33): the server would refuse the room, so Join waits. */
  consentsMissing?: boolean;
};

type Joining = { status: 'idle' } | { status: 'joining' } | { status: 'failed'; failure: Failure };

export function EventJoin({ eventId, active, ended = false, user, consentsMissing = false }: EventJoinProps) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const navigate = useNavigate();
  const staff = joinsAsStaff(user, eventId);
  const placedIn = participationIn(user, eventId)?.room_id ?? null;
  const [joining, setJoining] = useState<Joining>({ status: 'idle' });
  const [rooms, setRooms] = useState<EventRoom[] | Failure | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);

  // Staff choose among the rooms, and only while the event runs.
  useEffect(() => {
    if (!staff || !active) return;
    const controller = new AbortController();
    api.rooms
      .eventRooms(eventId, { signal: controller.signal })
      .then((list) => {
        setRooms(list);
        // A room placed in, or a single room, needs no choosing.
        const [only] = list;
        const given = placedIn ?? (list.length === 1 && only !== undefined ? only.id : null);
        setRoomId((chosen) => chosen ?? (given === null ? null : String(given)));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setRooms(toFailure(error));
      });
    return () => controller.abort();
  }, [staff, active, eventId, placedIn]);

  const join = async () => {
    setJoining({ status: 'joining' });
    try {
      const state: WaitingNavigationState = { eventId, isGuest: !staff };
      if (!staff) {
        const room = await api.rooms.joinRoom(eventId);
        navigate(`/waiting/${room.id}`, { state });
        return;
      }
      const chosen = Number(roomId);
      const participation = participationIn(user, eventId);
      if (participation !== null && participation.room_id !== chosen) {
        await api.rooms.updateParticipant(participation.id, { room_id: chosen, event_id: eventId });
      }
      navigate(`/waiting/${chosen}`, { state });
    } catch (error) {
      setJoining({ status: 'failed', failure: toFailure(error) });
    }
  };

  const busy = joining.status === 'joining';
  const roomList = Array.isArray(rooms) ? rooms : [];
  const placedRoom = roomList.find((room) => room.id === placedIn);
  const canJoin = !busy && !consentsMissing && (!staff || (active && roomId !== null));

  if (ended) {
    return (
      <p className="muted" data-testid="event-ended">
        {tw('eventCard.ended')}
      </p>
    );
  }
  return (
    <div className="event-join">
      {staff && active && placedRoom !== undefined && (
        <p data-testid="event-placed-room">
          {tw('eventCard.placedIn', { name: roomName(t, placedRoom.name) })}
        </p>
      )}
      {staff && active && placedIn === null && (
        <ChoiceSelect
          id="event-room"
          label={tw('eventCard.room')}
          value={roomId}
          choices={roomList.map((room) => ({
            value: String(room.id),
            // Who is in each room now, not everyone ever placed there.
            label: tw('eventCard.roomOnline', { name: roomName(t, room.name), count: room.onlineCount }),
          }))}
          onChange={setRoomId}
          placeholder={
            Array.isArray(rooms) && rooms.length === 0 ? tw('eventCard.noRoom') : tw('eventCard.chooseRoom')
          }
          disabled={busy}
          testId="event-room-select"
        />
      )}
      {!active && (
        <p className="muted" data-testid="event-not-active">
          {tw('eventCard.notActive')}
        </p>
      )}
      <BusyButton
        label={tw('eventCard.join')}
        busyLabel={tw('eventCard.joining')}
        busy={busy}
        disabled={!canJoin}
        testId="event-join"
        onClick={() => void join()}
      />
      {rooms !== null && !Array.isArray(rooms) && (
        <p className="form-error" role="alert" data-testid="event-rooms-error">
          {tw('eventCard.roomsFailed', { reason: describeJoinFailure(t, tw, rooms, active) })}
        </p>
      )}
      {joining.status === 'failed' && (
        <p className="form-error" role="alert" data-testid="event-join-error">
          {describeJoinFailure(t, tw, joining.failure, active)}
        </p>
      )}
    </div>
  );
}
