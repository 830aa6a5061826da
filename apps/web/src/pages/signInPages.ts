// The sign-in, forgotten-password, new-password and e-mail confirmation pages: one chunk, loaded when one of them is visited.
export { ConfirmEmailPage } from './ConfirmEmailPage.tsx';
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { LoginPage } from './LoginPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
