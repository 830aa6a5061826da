// Where a message is written: Enter sends, Shift+Enter starts a new line, a blank message is not sent
// (nothing happens), emoji go in at the caret. The box empties at once and gets the text back if the
// room refuses it, so a refused message is never lost.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';
import { insertAt, keyAction, outgoing } from './chatPolicy.ts';
import { EmojiPicker } from './EmojiPicker.tsx';

export function ChatComposer() {
  const { t } = useTranslation('room');
  const [draft, setDraft] = useState('');
  const [tooLong, setTooLong] = useState<number | null>(null);
  const command = useCommand();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  const submit = async () => {
    const message = outgoing(draft);
    if (message.kind === 'blank') return;
    if (message.kind === 'tooLong') {
      setTooLong(message.max);
      return;
    }
    setDraft('');
    const sent = await command.run({
      type: 'SendChatMessage',
      data: { messageId: crypto.randomUUID(), text: message.text },
    });
    if (!sent) setDraft((current) => (current === '' ? draft : current));
  };

  const pick = (emoji: string) => {
    const area = textarea.current;
    const selection =
      area === null
        ? { start: draft.length, end: draft.length }
        : {
            start: area.selectionStart,
            end: area.selectionEnd,
          };
    const next = insertAt(draft, selection, emoji);
    setDraft(next.text);
    caret.current = next.caret;
  };

  const refocus = () => {
    const area = textarea.current;
    if (area === null) return;
    area.focus();
    if (caret.current !== null) area.setSelectionRange(caret.current, caret.current);
  };

  const problem = tooLong !== null ? t('chat.tooLong', { max: tooLong }) : command.error;

  return (
    <form
      className="chat-composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="visually-hidden" htmlFor="chat-input">
        {t('chat.input')}
      </label>
      <textarea
        id="chat-input"
        ref={textarea}
        className="chat-input"
        data-testid="chat-input"
        rows={2}
        value={draft}
        placeholder={t('chat.placeholder')}
        aria-describedby={problem === null ? 'chat-hint' : 'chat-hint chat-problem'}
        onChange={(event) => {
          setDraft(event.target.value);
          setTooLong(null);
          command.clearError();
        }}
        onKeyDown={(event) => {
          const press = {
            key: event.key,
            shiftKey: event.shiftKey,
            isComposing: event.nativeEvent.isComposing,
          };
          if (keyAction(press) !== 'send') return;
          event.preventDefault();
          void submit();
        }}
      />
      <p id="chat-hint" className="visually-hidden">
        {t('chat.hint')}
      </p>
      <div className="chat-actions">
        <EmojiPicker onPick={pick} onPicked={refocus} />
        <button type="submit" className="button button-primary button-small" data-testid="chat-send">
          {t('chat.send')}
        </button>
      </div>
      <SidebarError error={problem} id="chat-problem" testId="chat-error" />
    </form>
  );
}
