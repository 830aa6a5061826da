// The audio-output button: the menu's trigger, and its stand-in until the menu's code loads.
import { useTranslation } from 'react-i18next';
import type { TriggerProps } from '../../components/DeferredPopup.tsx';
import { Icon } from '../../components/Icon.tsx';

export function AudioOutputButton(props: TriggerProps) {
  const { t } = useTranslation('room');
  return (
    <button
      type="button"
      className="control-button"
      data-testid="room-audio-output"
      aria-label={t('controls.audioOutput')}
      title={t('controls.audioOutput')}
      aria-haspopup="menu"
      aria-expanded={false}
      {...props}
    >
      <Icon name="speaker" />
    </button>
  );
}
