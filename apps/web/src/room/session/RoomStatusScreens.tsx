// The room's screens outside the live view: the connection spinner, why the room could not open
// (live-room spec, section 8), and the end of the session.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner.tsx';
import type { RoomFailure } from './roomFailure.ts';

export function RoomConnecting() {
  const { t } = useTranslation('room');
  return (
    <div className="page-spinner" role="status" data-testid="room-connecting">
      <Spinner size="large" />
      <span>{t('shell.connecting')}</span>
    </div>
  );
}

function failureText(t: ReturnType<typeof useTranslation<'room'>>['t'], failure: RoomFailure): string {
  switch (failure.kind) {
    case 'authenticationKey':
      return t('shell.authenticationKey');
    case 'signedOut':
      return t('shell.signedOut');
    case 'incompatible':
      return t('shell.incompatible');
    case 'notAdmitted':
    case 'unavailable':
      return t('shell.unavailable');
    case 'removed':
      return t('lobby.removedText');
    default: {
      const unhandled: never = failure;
      throw new Error(`Unhandled room failure ${JSON.stringify(unhandled)}`);
    }
  }
}

export function RoomFailed({ failure, exitPath }: { failure: RoomFailure; exitPath: string }) {
  const { t } = useTranslation('room');
  return (
    <section
      className="card room-status"
      aria-labelledby="room-failed-title"
      data-testid="room-failed"
      data-kind={failure.kind}
    >
      <h1 id="room-failed-title">
        {failure.kind === 'removed' ? t('lobby.removedTitle') : t('shell.failedTitle')}
      </h1>
      <p role="alert" data-testid="room-failed-message">
        {failureText(t, failure)}
      </p>
      {failure.kind === 'unavailable' && (
        <p className="muted" data-testid="room-failed-detail">
          {t('shell.failureDetail', { detail: failure.detail })}
        </p>
      )}
      {failure.kind === 'incompatible' ? (
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('shell.reload')}
        </button>
      ) : (
        <Link className="button button-primary" to={failure.kind === 'signedOut' ? '/login' : exitPath}>
          {failure.kind === 'signedOut' ? t('shell.signIn') : t('shell.leavePage')}
        </Link>
      )}
    </section>
  );
}

/**
 * The end of the room for this person: its event closed (nothing more to wait for), or its session ended
 * (a next one may start: they can wait for it in the waiting room).
 */
export function RoomEnded({
  exitPath,
  reason,
  waitingRoom,
}: {
  exitPath: string;
  reason: 'session' | 'event';
  waitingRoom: { path: string; state: unknown };
}) {
  const { t } = useTranslation('room');
  const eventOver = reason === 'event';
  return (
    <section
      className="card room-status"
      aria-labelledby="room-ended-title"
      data-testid="room-ended"
      data-reason={reason}
    >
      <h1 id="room-ended-title">{eventOver ? t('shell.endedEventTitle') : t('shell.endedTitle')}</h1>
      <p>{eventOver ? t('shell.endedEventText') : t('shell.endedText')}</p>
      <div className="room-status-actions">
        {!eventOver && (
          <Link
            className="button button-primary"
            to={waitingRoom.path}
            state={waitingRoom.state}
            data-testid="room-ended-wait"
          >
            {t('shell.waitNext')}
          </Link>
        )}
        <Link
          className={`button ${eventOver ? 'button-primary' : 'button-secondary'}`}
          to={exitPath}
          data-testid="room-ended-exit"
        >
          {t('shell.endedExit')}
        </Link>
      </div>
    </section>
  );
}
