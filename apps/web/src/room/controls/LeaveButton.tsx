// Leave the room, after a confirmation (live-room spec, section 2): the room is told (LeaveRoom), then
// a guest goes back to their event page and staff to their events.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { RoomConfirmDialog } from '../RoomConfirmDialog.tsx';
import { useRoomShell } from '../session/roomShellContext.ts';

export function LeaveButton() {
  const { t } = useTranslation('room');
  const { leave, leaving } = useRoomShell();
  const [asking, setAsking] = useState(false);

  return (
    <>
      <button
        type="button"
        className="control-button control-leave"
        data-testid="room-leave"
        disabled={leaving}
        aria-busy={leaving}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        <Icon name="leave" />
        <span className="control-label">{leaving ? t('controls.leaving') : t('controls.leave')}</span>
      </button>
      <RoomConfirmDialog
        open={asking}
        title={t('controls.leaveTitle')}
        cancelLabel={t('controls.stay')}
        confirmLabel={t('controls.leaveConfirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          leave();
        }}
        testIdPrefix="room-leave"
      >
        <p>{t('controls.leaveText')}</p>
      </RoomConfirmDialog>
    </>
  );
}
