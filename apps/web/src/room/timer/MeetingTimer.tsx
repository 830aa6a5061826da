// The meeting timer (live-room spec, section 2), updated each second from the session's start; for
// animators, Start session and End session (ending asks for confirmation: it ends it for everyone).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoomConfirmDialog } from '../RoomConfirmDialog.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useCommand } from '../sidebar/useCommand.ts';
import { formatElapsed, isoDuration, sessionElapsedMs } from './elapsed.ts';
import { useNow } from './useNow.ts';

export function MeetingTimer() {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const session = useRoomState((state) => state.session);
  const now = useNow(session.status === 'started');
  const command = useCommand();
  const [asking, setAsking] = useState(false);
  const elapsed = sessionElapsedMs(session, now);
  // The first session, or the next one after an animator ended the last; never once the event closed.
  const startable = session.status === 'not_started' || (session.status === 'ended' && !session.closed);

  return (
    <div className="meeting-timer">
      <span className="timer-status">{t(`timer.${session.status}`)}</span>
      <span role="timer" aria-label={t('timer.label', { time: formatElapsed(elapsed) })}>
        <time
          className="timer-value"
          data-testid="room-timer"
          data-status={session.status}
          dateTime={isoDuration(elapsed)}
        >
          {formatElapsed(elapsed)}
        </time>
      </span>
      {me.isAnimator && startable && (
        <button
          type="button"
          className="button button-small button-primary"
          data-testid="room-start-session"
          disabled={command.pending}
          onClick={() => void command.run({ type: 'StartSession', data: {} })}
        >
          {session.status === 'ended' ? t('timer.restart') : t('timer.start')}
        </button>
      )}
      {me.isAnimator && session.status === 'started' && (
        <>
          <button
            type="button"
            className="button button-small"
            data-testid="room-end-session"
            disabled={command.pending}
            aria-haspopup="dialog"
            onClick={() => setAsking(true)}
          >
            {t('timer.end')}
          </button>
          <RoomConfirmDialog
            open={asking}
            title={t('timer.endTitle')}
            cancelLabel={t('timer.cancel')}
            confirmLabel={t('timer.endConfirm')}
            onCancel={() => setAsking(false)}
            onConfirm={() => {
              setAsking(false);
              void command.run({ type: 'EndSession', data: {} });
            }}
            testIdPrefix="room-end-session"
          >
            <p>{t('timer.endText')}</p>
          </RoomConfirmDialog>
        </>
      )}
      {command.error !== null && (
        <span className="form-error" role="alert">
          {command.error}
        </span>
      )}
    </div>
  );
}
