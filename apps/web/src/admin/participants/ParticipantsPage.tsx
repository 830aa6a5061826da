// The guest list of an event (/admin/events/{id}/participants; back-office spec, section 2.4): guests
// with their e-mail, role and room, 4 per page, a row menu (edit, resend the invitation, delete with
// confirmation), "Add a participant", and the room card below.
import type { EventInvitationView, EventRoom, LabEventDetails, ParticipantView } from '@lablive/domain';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useRoomName } from '../../i18n/roomName.ts';
import { useLoadedQueries } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { adminApi } from '../adminApi.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { EventBroadcast } from '../events/EventBroadcast.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { eventKeys, useEvent, useEventRooms, useInvitations, useParticipants } from '../resources/events.ts';
import { recordIdOf } from '../routeIds.ts';
import { MailLog } from './MailLog.tsx';
import { GUESTS_PER_PAGE } from './pages.ts';
import { RoomNameEdit } from './RoomNameEdit.tsx';
import { summariseRooms } from './roomCard.ts';
import { useSendInvitation } from './useSendInvitation.ts';

type Loaded = {
  event: LabEventDetails;
  guests: ParticipantView[];
  rooms: EventRoom[];
  invitations: EventInvitationView[];
};

export function ParticipantsPage() {
  const eventId = recordIdOf(useParams().id);
  const valid = eventId !== null;
  const { state } = useLoadedQueries({
    event: useEvent(eventId ?? 0, valid),
    guests: useParticipants(eventId ?? 0, valid),
    rooms: useEventRooms(eventId ?? 0, valid),
    invitations: useInvitations(eventId ?? 0, valid),
  });
  const invalidate = useInvalidate();
  // A guest removed or invited again: the event's lists load again (and the events page next time).
  const reload = () => invalidate.refresh(eventKeys.all);
  // The spec: visiting with id `create` (or anything that is not an event id) goes back to the events.
  if (!valid) return <Navigate to="/admin/events" replace />;
  return (
    <LoadedView state={state} errorTestId="participants-error">
      {(loaded) => <GuestList loaded={loaded} onChange={reload} />}
    </LoadedView>
  );
}

function GuestList({ loaded, onChange }: { loaded: Loaded; onChange: () => void }) {
  const { t } = useTranslation('admin');
  const { event, guests, rooms, invitations } = loaded;
  const closed = event.end_date !== null;
  return (
    <section className="admin-page" aria-labelledby="participants-title">
      <header className="admin-page-header">
        <div>
          <h1 id="participants-title">{t('participants.title')}</h1>
          <p className="muted">{t('participants.of', { name: event.name })}</p>
        </div>
        {!closed && (
          <Link
            to={`/admin/events/${event.id}/participants/create`}
            className="button button-primary"
            data-testid="add-participant"
          >
            {t('participants.add')}
          </Link>
        )}
      </header>
      <Guests event={event} guests={guests} rooms={rooms} onChange={onChange} />
      <EventBroadcast event={event} rooms={rooms} />
      {rooms.length > 0 && (
        <RoomCard
          eventId={event.id}
          rooms={rooms}
          guests={guests}
          invitations={invitations}
          editable={!closed}
        />
      )}
      <MailLog eventId={event.id} />
    </section>
  );
}

const guestId = (guest: ParticipantView) => String(guest.id);

/** The guests, four a page with numbered pages (spec 2.4), each with its menu while the event is open. */
function Guests(props: {
  event: LabEventDetails;
  guests: ParticipantView[];
  rooms: EventRoom[];
  onChange: () => void;
}) {
  const { t } = useTranslation('admin');
  const { event, onChange } = props;
  const nameOf = useRoomName();
  const roomName = new Map(props.rooms.map((room) => [room.id, nameOf(room.name)]));
  const closed = event.end_date !== null;
  return (
    <AdminList<ParticipantView>
      label={t('participants.guests')}
      testId="participants"
      tableTestId="participants-table"
      rowTestId="participant-row"
      rows={props.guests}
      rowId={guestId}
      rowName={(guest) => guest.name}
      pageSizes={[GUESTS_PER_PAGE]}
      numberedPages
      empty={t('participants.none')}
      columns={[
        { id: 'name', header: t('participants.guests'), cell: (guest) => guest.name },
        { id: 'email', header: t('participants.email'), cell: (guest) => guest.email },
        { id: 'role', header: t('participants.role'), cell: (guest) => t(`roles.${guest.role}`) },
        {
          id: 'room',
          header: t('participants.room'),
          cell: (guest) =>
            guest.room_id === null
              ? t('participants.notPlaced')
              : (roomName.get(guest.room_id) ?? guest.room_id),
        },
      ]}
      rowActions={closed ? undefined : (guest) => <RowMenu event={event} guest={guest} onChange={onChange} />}
    />
  );
}

/** Who is in each room (animators in bold) and how many invitations each room has. */
function RoomCard(props: {
  eventId: number;
  rooms: EventRoom[];
  guests: ParticipantView[];
  invitations: EventInvitationView[];
  /** The names may change while the event is open. */
  editable: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="room-card" aria-labelledby="room-card-title" data-testid="room-card">
      <h2 id="room-card-title">{t('participants.roomCard')}</h2>
      <p className="muted">{t('participants.animatorsInBold')}</p>
      <table className="admin-table stack-on-phone">
        <thead>
          <tr>
            <th scope="col">{t('participants.room')}</th>
            <th scope="col">{t('participants.guests')}</th>
            <th scope="col">{t('participants.invitationCount')}</th>
          </tr>
        </thead>
        <tbody>
          {summariseRooms(props.rooms, props.guests, props.invitations).map((room) => (
            <tr key={room.id} data-testid={`room-${room.id}`}>
              <td data-label={t('participants.room')}>
                <RoomNameEdit eventId={props.eventId} room={room} editable={props.editable} />
              </td>
              <td data-label={t('participants.guests')}>
                <span>
                  {room.guests.map((guest, index) => (
                    <span key={guest.id}>
                      {index > 0 && ', '}
                      {guest.animator ? <strong>{guest.name}</strong> : guest.name}
                    </span>
                  ))}
                </span>
              </td>
              <td data-label={t('participants.invitationCount')} data-testid={`room-${room.id}-invitations`}>
                {room.invitationCount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RowMenu({
  event,
  guest,
  onChange,
}: {
  event: LabEventDetails;
  guest: ParticipantView;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const sendInvitation = useSendInvitation();

  async function resend() {
    try {
      await sendInvitation(guest);
      onChange();
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    }
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={ta('participants.rowActions', { name: guest.name })}
            data-testid="participant-menu"
          >
            ⋯
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu-content" align="end" sideOffset={4}>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => navigate(`/admin/events/${event.id}/participants/${guest.id}`)}
            >
              {ta('participants.edit')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              data-testid="participant-resend"
              onSelect={() => void resend()}
            >
              {ta('participants.resend')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item menu-item-danger"
              data-testid="participant-delete"
              onSelect={() => setConfirming(true)}
            >
              {ta('participants.delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ta('participants.delete')}
        message={ta('participants.confirmDelete')}
        confirmLabel={ta('participants.delete')}
        askReason
        onConfirm={async (reason) => {
          await adminApi.removeParticipant(guest.id, { reason });
          toast.show({ title: ta('participants.removed', { name: guest.name }), tone: 'success' });
          onChange();
        }}
        testId="confirm-delete"
      />
    </>
  );
}
