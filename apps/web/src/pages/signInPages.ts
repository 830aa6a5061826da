// The sign-in, forgotten-password and new-password pages: one chunk, loaded when one of them is visited.
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
