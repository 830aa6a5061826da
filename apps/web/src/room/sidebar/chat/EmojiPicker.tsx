// The chat's emoji picker: its button, and the popover with the grid (EmojiPopover.tsx), loaded on
// first use.
import { DeferredPopup } from '../../../components/DeferredPopup.tsx';
import { lazyNamed } from '../../../components/lazyNamed.ts';
import { EmojiButton, type EmojiPickerProps } from './EmojiButton.tsx';

const loadPopover = () => import('./EmojiPopover.tsx');
const EmojiPopover = lazyNamed(loadPopover, 'EmojiPopover');

export function EmojiPicker(props: EmojiPickerProps) {
  return (
    <DeferredPopup preload={() => void loadPopover()} standIn={(standIn) => <EmojiButton {...standIn} />}>
      <EmojiPopover {...props} />
    </DeferredPopup>
  );
}
