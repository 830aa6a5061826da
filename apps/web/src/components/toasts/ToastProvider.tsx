// The toast area of the whole app, bottom right (Radix Toast: announced to screen readers, paused while
// hovered or focused, F8 reaches it from the keyboard, swiped or closed away). Mounted once in App.tsx.
import { Toast } from 'radix-ui';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TOAST_DURATION_MS, type ToastApi, ToastContext, type ToastRequest } from './toastContext.ts';
import './toasts.css';

type ShownToast = { id: number; request: ToastRequest; open: boolean };

/** Long enough for the closing animation to play before the toast leaves the list. */
const REMOVE_AFTER_CLOSE_MS = 300;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('waiting');
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);

  const close = useCallback((matches: (toast: ShownToast) => boolean) => {
    setToasts((current) => current.map((toast) => (matches(toast) ? { ...toast, open: false } : toast)));
    setTimeout(() => {
      setToasts((current) => current.filter((toast) => toast.open || !matches(toast)));
    }, REMOVE_AFTER_CLOSE_MS);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show: (request) => {
        nextId.current += 1;
        const shown: ShownToast = { id: nextId.current, request, open: true };
        setToasts((current) => [
          ...current.filter((toast) => request.key === undefined || toast.request.key !== request.key),
          shown,
        ]);
      },
      dismiss: (key) => close((toast) => toast.request.key === key),
    }),
    [close],
  );

  return (
    <ToastContext value={api}>
      <Toast.Provider label={t('toasts.label')} swipeDirection="right">
        {children}
        {toasts.map(({ id, request, open }) => (
          <Toast.Root
            key={id}
            className="toast"
            data-tone={request.tone ?? 'info'}
            data-testid={request.testId ?? 'toast'}
            // Errors interrupt the screen reader; the rest waits for a pause.
            type={request.tone === 'error' ? 'foreground' : 'background'}
            duration={request.durationMs ?? DEFAULT_TOAST_DURATION_MS}
            open={open}
            onOpenChange={(isOpen) => {
              if (!isOpen) close((toast) => toast.id === id);
            }}
          >
            <Toast.Title className="toast-title">{request.title}</Toast.Title>
            {request.description !== undefined && (
              <Toast.Description className="toast-description">{request.description}</Toast.Description>
            )}
            <Toast.Close className="toast-close" aria-label={t('toasts.close')}>
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" label={t('toasts.region')} />
      </Toast.Provider>
    </ToastContext>
  );
}
