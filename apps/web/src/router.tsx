// The routes of the web app (live-room spec, section 2). Unknown paths go home; protected pages send
// signed-out visitors home too. The public event link is the site origin plus the event's slug
// (`/:slug`): fixed paths always win over it, and the entry page sends any segment that is not an
// event's link home, like the catch-all.
//
// Declarative routes (React Router's component mode), each page off a guest's way into the room
// loaded with React.lazy: the app uses no loader or action, and the data router's code would weigh
// 16 kB more (gzipped) on that way (issue 15: the room route under 250 kB).
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BUILT_ADMIN_PAGES, pathUnderAdmin } from './admin/adminPages.ts';
import { RequireAuth } from './auth/RequireAuth.tsx';
import { lazyNamed } from './components/lazyNamed.ts';
import { PublicEntryPage } from './entry/PublicEntryPage.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { loadRoomPage } from './room/loadRoomPage.ts';
import { WaitingRoomPage } from './waiting/WaitingRoomPage.tsx';

// The back office loads as its own chunk: guests never download it.
const loadAdmin = () => import('./admin/adminRoutes.tsx');
const AdminLayout = lazyNamed(loadAdmin, 'AdminLayout');
const AdminPage = lazyNamed(loadAdmin, 'AdminPage');
const AdminHome = lazyNamed(loadAdmin, 'AdminHome');
// The sign-in pages, the event page and the calendar page load when visited.
const signInPages = () => import('./pages/signInPages.ts');
const LoginPage = lazyNamed(signInPages, 'LoginPage');
const ForgotPasswordPage = lazyNamed(signInPages, 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(signInPages, 'ResetPasswordPage');
const ConfirmEmailPage = lazyNamed(signInPages, 'ConfirmEmailPage');
const EventPage = lazyNamed(() => import('./pages/EventPage.tsx'), 'EventPage');
const MyCalendarPage = lazyNamed(() => import('./pages/MyCalendarPage.tsx'), 'MyCalendarPage');
// The public check of an attendance certificate's code (issue 33): anyone, no sign-in.
const loadVerifyPage = () => import('./certificates/CertificateVerifyPage.tsx');
const CertificateVerifyPage = lazyNamed(loadVerifyPage, 'CertificateVerifyPage');
// The links a registration's mails carry (issue 33): confirm the address, cancel the place.
const loadRegistrationLinks = () => import('./registration/RegistrationLinkPage.tsx');
const RegistrationConfirmPage = lazyNamed(loadRegistrationLinks, 'RegistrationConfirmPage');
const RegistrationCancelPage = lazyNamed(loadRegistrationLinks, 'RegistrationCancelPage');
// The live room (video, chat, polls, games) is the heaviest screen: its code loads when someone goes
// there (the waiting room fetches it ahead), so the entry and waiting pages stay light.
const RoomPage = lazyNamed(loadRoomPage, 'RoomPage');

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot" element={<ForgotPasswordPage />} />
          <Route path="reset" element={<ResetPasswordPage />} />
          <Route path="confirm-email" element={<ConfirmEmailPage />} />
          <Route path="my-calendar" element={<MyCalendarPage />} />
          <Route path="certificates/verify" element={<CertificateVerifyPage />} />
          <Route path="certificates/verify/:code" element={<CertificateVerifyPage />} />
          <Route path="registration/confirm" element={<RegistrationConfirmPage />} />
          <Route path="registration/cancel" element={<RegistrationCancelPage />} />
          <Route
            path="event"
            element={
              <RequireAuth>
                <EventPage />
              </RequireAuth>
            }
          />
          <Route
            path="waiting/:roomId"
            element={
              <RequireAuth>
                <WaitingRoomPage />
              </RequireAuth>
            }
          />
          <Route
            path="room/:id"
            element={
              <RequireAuth>
                <RoomPage />
              </RequireAuth>
            }
          />
          <Route path="admin" element={<AdminLayout />}>
            <Route index element={<AdminHome />} />
            {BUILT_ADMIN_PAGES.map((page) => (
              <Route key={page} path={pathUnderAdmin(page)} element={<AdminPage page={page} />} />
            ))}
            {/* Unknown paths go home (back-office spec, section 2.1). */}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
          <Route path=":slug" element={<PublicEntryPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
