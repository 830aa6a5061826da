// The app: the auth machine with its IO wired to the REST client, the query cache every screen loads
// through, and the toast area, around the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { createAuthActors } from './auth/authActors.ts';
import { authMachine } from './auth/authMachine.ts';
import { ToastProvider } from './components/toasts/index.ts';
import { createQueryClient } from './queries/queryClient.ts';
import { AppRoutes } from './router.tsx';
import { api, localSession } from './services.ts';

const authLogic = authMachine.provide({ actors: createAuthActors(api) });
const queryClient = createQueryClient();
// Signing out forgets what was loaded too: the next one to sign in on this tab never sees it.
const session = {
  ...localSession,
  clear: () => {
    localSession.clear();
    queryClient.clear();
  },
};

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider logic={authLogic} session={session}>
        <ToastProvider>
          <AppRoutes />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
