// One chat message: who wrote it and when, the text as typed (line breaks kept), and for animators a
// button that removes it for everyone (RemoveChatMessage).
import type { ChatMessage } from '@lablive/domain';
import { useTranslation } from 'react-i18next';

type ChatMessageItemProps = {
  message: ChatMessage;
  isMe: boolean;
  time: string;
  /** Animators only; removing is sent by the panel, which shows a refusal. */
  onRemove: ((message: ChatMessage) => void) | null;
};

export function ChatMessageItem({ message, isMe, time, onRemove }: ChatMessageItemProps) {
  const { t } = useTranslation('room');
  const name = message.from.name;
  return (
    <li
      className="chat-message"
      data-testid="chat-message"
      data-from={name}
      data-me={isMe}
      data-id={message.id}
    >
      <div className="chat-message-head">
        <span className="chat-from">{isMe ? t('chat.you') : name}</span>
        <time className="chat-time" dateTime={message.at}>
          {time}
        </time>
        {onRemove !== null && (
          <button
            type="button"
            className="icon-button icon-button-small"
            data-testid={`chat-remove-${message.id}`}
            aria-label={t('chat.remove', { name })}
            title={t('chat.remove', { name })}
            onClick={() => onRemove(message)}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <p className="chat-text">{message.text}</p>
    </li>
  );
}
