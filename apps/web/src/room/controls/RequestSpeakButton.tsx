// Raise or lower my hand (RequestToSpeak): everyone may ask to speak; animators see the raised hands.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useCommand } from '../sidebar/useCommand.ts';
import { ControlSlot } from './ControlSlot.tsx';

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
      <button
        type="button"
        className="control-button"
        data-testid="room-request-speak"
        aria-pressed={requesting}
        aria-label={label}
        title={label}
        disabled={command.pending}
        onClick={() => void command.run({ type: 'RequestToSpeak', data: { requesting: !requesting } })}
      >
        <Icon name="hand" />
      </button>
    </ControlSlot>
  );
}
