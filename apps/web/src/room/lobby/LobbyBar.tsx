// The hosts' lobby (issue 33, part 2), above the room: who knocks, each with Admit and Deny, and Admit
// everyone; whether the room is locked, with the lock and unlock. A new knock chimes and is announced to
// screen readers. Only hosts see it; the server refuses these commands from anyone else.
import type { KnockingGuest } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../roomContext.ts';
import { SidebarError } from '../sidebar/SidebarError.tsx';
import { type CommandControl, useCommand } from '../sidebar/useCommand.ts';
import { useKnockingGuests } from './useKnockingGuests.ts';
import './lobby.css';

export function LobbyBar() {
  const { me } = useRoom();
  if (!me.isAnimator) return null;
  return <HostLobby />;
}

function HostLobby() {
  const { t } = useTranslation('room');
  const locked = useRoomState((state) => state.lobby.locked);
  const { guests, arrived } = useKnockingGuests();
  const command = useCommand();

  return (
    <section className="room-lobby" aria-labelledby="lobby-title" data-testid="room-lobby">
      <div className="room-lobby-head">
        <h2 id="lobby-title" className="room-lobby-title">
          {guests.length > 0 ? t('lobby.waiting', { count: guests.length }) : t('lobby.title')}
        </h2>
        <span className="room-lobby-state" data-testid="room-lock-state" data-locked={locked}>
          {locked ? t('lobby.locked') : t('lobby.open')}
        </span>
        <button
          type="button"
          className="button button-secondary"
          data-testid={locked ? 'room-unlock' : 'room-lock'}
          disabled={command.pending}
          onClick={() => void command.run({ type: locked ? 'UnlockRoom' : 'LockRoom', data: {} })}
        >
          {locked ? t('lobby.unlock') : t('lobby.lock')}
        </button>
        {guests.length > 1 && (
          <button
            type="button"
            className="button button-primary"
            data-testid="lobby-admit-all"
            disabled={command.pending}
            onClick={() => void command.run({ type: 'AdmitEveryone', data: {} })}
          >
            {t('lobby.admitAll')}
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="lobby-announcement">
        {arrived !== null && guests.some((guest) => guest.participantId === arrived.participantId)
          ? t('lobby.knocked', { name: arrived.name })
          : ''}
      </p>
      {guests.length > 0 && (
        <ul className="room-lobby-list">
          {guests.map((guest) => (
            <KnockingGuestRow key={guest.participantId} guest={guest} command={command} />
          ))}
        </ul>
      )}
      <SidebarError error={command.error} testId="lobby-error" />
    </section>
  );
}

/** One guest waiting at the door: who, and the host's Admit and Deny. */
function KnockingGuestRow({ guest, command }: { guest: KnockingGuest; command: CommandControl }) {
  const { t } = useTranslation('room');
  return (
    <li className="room-lobby-guest" data-testid={`knock-${guest.participantId}`}>
      <span className="room-lobby-who">
        <span className="room-lobby-name">{guest.name}</span>{' '}
        <span className="room-lobby-role">{t(`users.roles.${guest.role}`)}</span>
      </span>
      <span className="room-lobby-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid={`admit-${guest.participantId}`}
          aria-label={t('lobby.admitName', { name: guest.name })}
          disabled={command.pending}
          onClick={() =>
            void command.run({
              type: 'AdmitParticipant',
              data: { participantId: guest.participantId },
            })
          }
        >
          {t('lobby.admit')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          data-testid={`deny-${guest.participantId}`}
          aria-label={t('lobby.denyName', { name: guest.name })}
          disabled={command.pending}
          onClick={() =>
            void command.run({
              type: 'DenyParticipant',
              data: { participantId: guest.participantId },
            })
          }
        >
          {t('lobby.deny')}
        </button>
      </span>
    </li>
  );
}
