// The back office's confirmations (back-office spec, section 8: close or cancel an event, delete an
// element), on Radix AlertDialog: focus stays inside, Escape or Back closes it, and the action's button
// shows a spinner while it runs. A failure stays in the dialog, in words, until dismissed.
import { AlertDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner.tsx';
import { type Failure, toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';

type ConfirmDialogProps = {
  /** The button that opens the dialog; without one, the caller opens it (a menu item) with `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  testId: string;
  /**
   * Where the focus goes once the dialog closes (Radix's onCloseAutoFocus): by default back to what had
   * it, which a confirmed removal may have taken off the page; `preventDefault` and focus elsewhere.
   */
  onCloseAutoFocus?: (event: Event) => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, title, message, confirmLabel, onConfirm, testId } = props;
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function confirm() {
    setRunning(true);
    setFailure(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(toFailure(error));
    } finally {
      setRunning(false);
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!running) setOpen(next);
        if (next) setFailure(null);
      }}
    >
      {trigger !== undefined && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog-content"
          data-testid={testId}
          onCloseAutoFocus={props.onCloseAutoFocus}
        >
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description>{message}</AlertDialog.Description>
          {failure !== null && (
            <p className="form-error" role="alert" data-testid={`${testId}-error`}>
              {describeFailure(t, failure)}
            </p>
          )}
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button-secondary" disabled={running}>
                {ta('back')}
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className="button button-primary"
              disabled={running}
              aria-busy={running}
              data-testid={`${testId}-confirm`}
              onClick={() => void confirm()}
            >
              {running && <Spinner />}
              <span>{confirmLabel}</span>
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
