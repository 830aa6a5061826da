// Raise or lower my hand (RequestToSpeak): everyone may ask to speak; animators see the raised hands.
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useCommand } from '../sidebar/useCommand.ts';
import { ControlSlot } from './ControlSlot.tsx';
import { ControlToggle } from './ControlToggle.tsx';

export function RequestSpeakButton() {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const requesting = useRoomState(
    (state) => state.viewers.find((viewer) => viewer.id === me.participantId)?.requestingSpeak ?? false,
  );
  const command = useCommand();
  const label = requesting ? t('controls.lowerHand') : t('controls.raiseHand');

  return (
    <ControlSlot error={command.error}>
      <ControlToggle
        testId="room-request-speak"
        pressed={requesting}
        label={label}
        icon="hand"
        disabled={command.pending}
        onToggle={() => void command.run({ type: 'RequestToSpeak', data: { requesting: !requesting } })}
      />
    </ControlSlot>
  );
}
