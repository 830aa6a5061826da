// The app: the auth machine with its IO wired to the REST client, and the toast area, around the router.
import { AuthProvider } from './auth/AuthProvider.tsx';
import { createAuthActors } from './auth/authActors.ts';
import { authMachine } from './auth/authMachine.ts';
import { ToastProvider } from './components/toasts/index.ts';
import { forgetLoadedData } from './queries/forgetOnSignOut.ts';
import { AppRoutes } from './router.tsx';
import { api, localSession } from './services.ts';

const authLogic = authMachine.provide({ actors: createAuthActors(api) });
// Signing out forgets what was loaded too: the next one to sign in on this tab never sees it.
const session = {
  ...localSession,
  clear: () => {
    localSession.clear();
    forgetLoadedData();
  },
};

export function App() {
  return (
    <AuthProvider logic={authLogic} session={session}>
      <ToastProvider>
        <AppRoutes />
      </ToastProvider>
    </AuthProvider>
  );
}
