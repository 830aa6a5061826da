// The back office's confirmations (back-office spec, section 8: close or cancel an event, delete an
// element), on Radix AlertDialog: focus stays inside, Escape or Back closes it, and the action's button
// shows a spinner while it runs. A failure stays in the dialog, in words, until dismissed. A removal
// the audit trail follows (issue 32) asks for its reason first: the confirm button waits for one.
import { AlertDialog } from 'radix-ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner.tsx';
import { type Failure, toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';
import { ReasonField } from './ReasonField.tsx';
import { reasonGate } from './reason.ts';

type ConfirmDialogProps = {
  /** The button that opens the dialog; without one, the caller opens it (a menu item) with `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  /** Runs the action; `reason` is the one typed when the dialog asks for it (`askReason`). */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  /**
   * Ask why first (a required text, `{testId}-reason`), kept in the audit trail: deleting, archiving,
   * cancelling or suspending a record the trail follows. The confirm button waits for a reason.
   */
  askReason?: boolean;
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
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const askReason = props.askReason ?? false;
  const gate = reasonGate(askReason, reason);
  // Each time it opens (by its trigger or by its owner), the dialog asks afresh: no reason typed, and
  // no failure of the last time (an owner that opens it does not go through onOpenChange).
  useEffect(() => {
    if (!open) return;
    setReason('');
    setFailure(null);
  }, [open]);

  async function confirm() {
    if (!gate.ready) return;
    setRunning(true);
    setFailure(null);
    try {
      await onConfirm(gate.reason);
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
          // The reason is the first thing to do: the focus starts there (else on Back, Radix's choice).
          onOpenAutoFocus={(event) => {
            if (!askReason) return;
            event.preventDefault();
            reasonInput.current?.focus();
          }}
        >
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description>{message}</AlertDialog.Description>
          {askReason && (
            <ReasonField
              ref={reasonInput}
              id={reasonId}
              value={reason}
              onChange={setReason}
              disabled={running}
              testId={`${testId}-reason`}
            />
          )}
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
              disabled={running || !gate.ready}
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
