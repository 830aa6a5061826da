// The chat's emoji button: the emoji popover's trigger, and its stand-in until the popover's code loads.
import { useTranslation } from 'react-i18next';
import type { TriggerProps } from '../../../components/DeferredPopup.tsx';
import { Icon } from '../../../components/Icon.tsx';

export type EmojiPickerProps = {
  onPick(emoji: string): void;
  /** The popover closed after a pick: the composer takes the focus back. */
  onPicked(): void;
};

export function EmojiButton(props: TriggerProps) {
  const { t } = useTranslation('room');
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="chat-emoji"
      aria-label={t('chat.emoji')}
      title={t('chat.emoji')}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...props}
    >
      <Icon name="smile" size={20} className="device-icon" />
    </button>
  );
}
