// The button that opens a menu or a popover, and stands in for it until its code loads (DeferredPopup):
// it renders collapsed, and the props Radix passes (aria-expanded, the handlers, the ref) come last.
import type { TriggerProps } from './DeferredPopup.tsx';

type PopupTriggerProps = TriggerProps & {
  popup: 'menu' | 'dialog';
  testId: string;
  /** The name, when the button shows no words of its own. */
  label?: string;
};

export function PopupTrigger({ popup, testId, label, children, ...props }: PopupTriggerProps) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={label}
      title={label}
      aria-haspopup={popup}
      aria-expanded={false}
      {...props}
    >
      {children}
    </button>
  );
}
