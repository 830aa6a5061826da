// The tab's one query cache around the pages that load through it (the back office's shell, the calendar
// page); each lazily loaded with its page, so guests on their way into the room never download it.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient.ts';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
