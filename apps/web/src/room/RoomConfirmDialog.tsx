// The room's yes-or-no confirmations (leave the room, end the session) on the browser's own modal
// <dialog> (role alertdialog): showModal() makes the rest of the page inert, puts the focus on the first
// button (the safe one) and gives it back to whatever had it on close; Escape cancels. It costs no
// script on a guest's way into the room, where Radix's dialog (with its scroll lock and focus trap)
// weighed about 10 kB gzipped. The back office's confirmations, which run an action and show its
// failure, are admin/ConfirmDialog.tsx.
import { type ReactNode, useEffect, useId, useRef } from 'react';

type RoomConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
  /** Names the test ids: `<prefix>-dialog`, `<prefix>-cancel` and `<prefix>-confirm`. */
  testIdPrefix?: string | undefined;
};

export function RoomConfirmDialog(props: RoomConfirmDialogProps) {
  const { open, title, children, cancelLabel, confirmLabel, onCancel, onConfirm, testIdPrefix } = props;
  const testId = (part: string) => (testIdPrefix === undefined ? undefined : `${testIdPrefix}-${part}`);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="dialog dialog-small dialog-native"
      data-testid={testId('dialog')}
      onCancel={(event) => {
        // Escape: the parent closes it, so `open` stays the one truth.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div id={textId}>{children}</div>
      <div className="dialog-actions">
        <button type="button" className="button" data-testid={testId('cancel')} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="button button-danger"
          data-testid={testId('confirm')}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
