// The chat's emoji button: the emoji popover's trigger, and its stand-in until the popover's code loads.
import { useTranslation } from 'react-i18next';
import type { TriggerProps } from '../../../components/DeferredPopup.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PopupTrigger } from '../../../components/PopupTrigger.tsx';

export type EmojiPickerProps = {
  onPick(emoji: string): void;
  /** The popover closed after a pick: the composer takes the focus back. */
  onPicked(): void;
};

export function EmojiButton(props: TriggerProps) {
  const { t } = useTranslation('room');
  return (
    <PopupTrigger
      popup="dialog"
      className="icon-button"
      testId="chat-emoji"
      label={t('chat.emoji')}
      {...props}
    >
      <Icon name="smile" size={20} className="device-icon" />
    </PopupTrigger>
  );
}
