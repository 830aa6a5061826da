// The chat's emoji picker: a Radix popover holding a grid of common emoji. Arrow keys, Home and End
// move through the grid (one tab stop for the whole grid); a pick goes back to the message being typed.
// Loaded on first use (EmojiPicker.tsx), and then shown open.
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiButton, type EmojiPickerProps } from './EmojiButton.tsx';
import { EMOJI_COLUMNS, EMOJIS, moveInGrid } from './emojis.ts';

export function EmojiPopover({ onPick, onPicked }: EmojiPickerProps) {
  const { t } = useTranslation('room');
  const [open, setOpen] = useState(true);
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const picked = useRef(false);

  const onGridKey = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const next = moveInGrid(focused, event.key, EMOJIS.length, EMOJI_COLUMNS);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <EmojiButton />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="emoji-popover"
          side="top"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            buttons.current[focused]?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Escape or a click outside gives the focus back to the trigger; a pick, to the message.
            if (!picked.current) return;
            picked.current = false;
            event.preventDefault();
            onPicked();
          }}
        >
          <fieldset
            className="emoji-grid"
            data-testid="chat-emoji-grid"
            style={{ gridTemplateColumns: `repeat(${EMOJI_COLUMNS}, 1fr)` }}
            onKeyDown={onGridKey}
          >
            <legend className="visually-hidden">{t('chat.emojiGrid')}</legend>
            {EMOJIS.map((emoji, index) => (
              <button
                key={emoji}
                ref={(button) => {
                  buttons.current[index] = button;
                }}
                type="button"
                className="emoji-button"
                tabIndex={index === focused ? 0 : -1}
                onFocus={() => setFocused(index)}
                onClick={() => {
                  picked.current = true;
                  onPick(emoji);
                  setOpen(false);
                }}
              >
                {emoji}
              </button>
            ))}
          </fieldset>
          <Popover.Arrow className="emoji-arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
