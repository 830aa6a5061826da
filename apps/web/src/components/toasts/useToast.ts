// The toast API for any screen under <ToastProvider>.
import { useContext } from 'react';
import { type ToastApi, ToastContext } from './toastContext.ts';

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
