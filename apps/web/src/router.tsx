// The routes of the web app (live-room spec, section 2). Unknown paths go home; protected pages send
// signed-out visitors home too. The public event link is the site origin plus the event's slug
// (`/:slug`): fixed paths always win over it, and the entry page sends any segment that is not an
// event's link home, like the catch-all.
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { BUILT_ADMIN_PAGES, pathUnderAdmin } from './admin/adminPages.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { PageSpinner } from './components/PageSpinner.tsx';
import { PublicEntryPage } from './entry/PublicEntryPage.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { loadRoomPage } from './room/loadRoomPage.ts';
import { WaitingRoomPage } from './waiting/WaitingRoomPage.tsx';

const loadAdmin = () => import('./admin/adminRoutes.tsx');

// Pages off a guest's way from the public link into the room load with their own code, so that way
// stays light (issue 15: the room route under 250 kB).
const signInPages = () => import('./pages/signInPages.ts');
const loadEventPage = () => import('./pages/EventPage.tsx');
const loadMyCalendarPage = () => import('./pages/MyCalendarPage.tsx');

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      // Shown while a lazily loaded route's code arrives on the very first page load.
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'login', lazy: async () => ({ Component: (await signInPages()).LoginPage }) },
        { path: 'forgot', lazy: async () => ({ Component: (await signInPages()).ForgotPasswordPage }) },
        { path: 'reset', lazy: async () => ({ Component: (await signInPages()).ResetPasswordPage }) },
        {
          path: 'my-calendar',
          lazy: async () => ({ Component: (await loadMyCalendarPage()).MyCalendarPage }),
        },
        {
          path: 'event',
          lazy: async () => {
            const { EventPage } = await loadEventPage();
            return {
              element: (
                <RequireAuth>
                  <EventPage />
                </RequireAuth>
              ),
            };
          },
        },
        {
          path: 'waiting/:roomId',
          element: (
            <RequireAuth>
              <WaitingRoomPage />
            </RequireAuth>
          ),
        },
        {
          path: 'room/:id',
          // The live room (video, chat, polls, games) is the heaviest screen: its code loads when
          // someone goes there, so the entry and waiting pages stay light.
          lazy: async () => {
            const { RoomPage } = await loadRoomPage();
            return {
              element: (
                <RequireAuth>
                  <RoomPage />
                </RequireAuth>
              ),
            };
          },
        },
        {
          path: 'admin',
          // The back office loads as its own chunk: guests never download it.
          lazy: async () => ({ Component: (await loadAdmin()).AdminLayout }),
          children: [
            { index: true, element: <Navigate to="/admin/events" replace /> },
            ...BUILT_ADMIN_PAGES.map((page) => ({
              path: pathUnderAdmin(page),
              lazy: async () => ({ element: (await loadAdmin()).ADMIN_PAGES[page] }),
            })),
            // Unknown paths go home (back-office spec, section 2.1).
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
        { path: ':slug', element: <PublicEntryPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
