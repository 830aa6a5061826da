// Leave the room, after a confirmation (live-room spec, section 2): the room is told (LeaveRoom), then
// a guest goes back to their event page and staff to their events.
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useRoomShell } from '../session/roomShellContext.ts';
import { Icon } from './icons.tsx';

export function LeaveButton() {
  const { t } = useTranslation('room');
  const { leave, leaving } = useRoomShell();

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className="control-button control-leave"
          data-testid="room-leave"
          disabled={leaving}
          aria-busy={leaving}
        >
          <Icon name="leave" />
          <span className="control-label">{leaving ? t('controls.leaving') : t('controls.leave')}</span>
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog-small" data-testid="room-leave-dialog">
          <AlertDialog.Title className="dialog-title">{t('controls.leaveTitle')}</AlertDialog.Title>
          <AlertDialog.Description>{t('controls.leaveText')}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button" data-testid="room-leave-cancel">
              {t('controls.stay')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="button button-danger"
              data-testid="room-leave-confirm"
              onClick={leave}
            >
              {t('controls.leaveConfirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
