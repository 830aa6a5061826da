// A host's Remove on a guest's row of the users tab (issue 33, part 2), confirmed first: the guest
// leaves at once and may not come back into this session (RemoveParticipant, decided by the room).
import type { Viewer } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoomConfirmDialog } from '../RoomConfirmDialog.tsx';
import type { CommandControl } from '../sidebar/useCommand.ts';

export function RemoveButton({ viewer: { id, name }, command }: { viewer: Viewer; command: CommandControl }) {
  const { t } = useTranslation('room');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-secondary viewer-remove"
        data-testid={`remove-${id}`}
        aria-label={t('lobby.removeName', { name })}
        disabled={command.pending}
        onClick={() => setAsking(true)}
      >
        {t('lobby.remove')}
      </button>
      <RoomConfirmDialog
        open={asking}
        title={t('lobby.removeName', { name })}
        cancelLabel={t('timer.cancel')}
        confirmLabel={t('lobby.remove')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void command.run({ type: 'RemoveParticipant', data: { participantId: id } });
        }}
        testIdPrefix="remove"
      >
        {t('lobby.removeConfirm', { name })}
      </RoomConfirmDialog>
    </>
  );
}
