// The routes of the web app (live-room spec, section 2). Unknown paths go home; protected pages send
// signed-out visitors home too.
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { AdminEventsPage } from './pages/AdminEventsPage.tsx';
import { EventPage } from './pages/EventPage.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { MyCalendarPage } from './pages/MyCalendarPage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'forgot', element: <ForgotPasswordPage /> },
        { path: 'reset', element: <ResetPasswordPage /> },
        { path: 'my-calendar', element: <MyCalendarPage /> },
        {
          path: 'event',
          element: (
            <RequireAuth>
              <EventPage />
            </RequireAuth>
          ),
        },
        { path: 'admin', element: <Navigate to="/admin/events" replace /> },
        {
          path: 'admin/events',
          element: (
            <RequireAuth staffOnly>
              <AdminEventsPage />
            </RequireAuth>
          ),
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
