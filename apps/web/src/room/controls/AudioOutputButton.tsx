// The audio-output button: the menu's trigger, and its stand-in until the menu's code loads.
import { useTranslation } from 'react-i18next';
import type { TriggerProps } from '../../components/DeferredPopup.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PopupTrigger } from '../../components/PopupTrigger.tsx';

export function AudioOutputButton(props: TriggerProps) {
  const { t } = useTranslation('room');
  return (
    <PopupTrigger
      popup="menu"
      className="control-button"
      testId="room-audio-output"
      label={t('controls.audioOutput')}
      {...props}
    >
      <Icon name="speaker" />
    </PopupTrigger>
  );
}
