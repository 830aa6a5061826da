// Toasts for every screen: mount <ToastProvider> once (App.tsx), call useToast().show(...) anywhere.
export { ToastProvider } from './ToastProvider.tsx';
export {
  DEFAULT_TOAST_DURATION_MS,
  DEVICE_TOAST_DURATION_MS,
  type ToastApi,
  type ToastRequest,
  type ToastTone,
} from './toastContext.ts';
export { useToast } from './useToast.ts';
