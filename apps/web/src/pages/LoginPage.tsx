// The sign-in form: e-mail, password and remember-me, validated with the shared schema (blank values
// are never sent); the auth machine sends it, and its kept error is shown under the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordLoginSchema } from '@lablive/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import type { z } from 'zod';
import { homeFor, useAuthActor, useAuthContext, useAuthStatus, useCurrentUser } from '../auth/useAuth.ts';
import { FormField } from '../components/FormField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { describeFailure, translateMessage } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';

type LoginInput = z.input<typeof passwordLoginSchema>;
type LoginValues = z.output<typeof passwordLoginSchema>;

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const actor = useAuthActor();
  const status = useAuthStatus();
  const user = useCurrentUser();
  const error = useAuthContext((context) => (context.lastAttempt === 'password' ? context.error : null));
  const { register, handleSubmit, formState } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(passwordLoginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  // An error kept from an earlier visit does not belong to this one.
  useEffect(() => {
    actor.send({ type: 'auth.dismissError' });
  }, [actor]);

  if (user !== null && status === 'signedIn') return <Navigate to={homeFor(user)} replace />;

  const onSubmit = (values: LoginValues) =>
    actor.send({ type: 'auth.login', credentials: { ...values, locale } });
  const fieldError = (message: string | undefined) =>
    message === undefined ? undefined : translateMessage(t, message);

  return (
    <section className="card form-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-describedby={error === null ? undefined : 'login-error'}
      >
        <FormField
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          registration={register('email')}
          testId="login-email"
          error={fieldError(formState.errors.email?.message)}
        />
        <FormField
          id="login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          testId="login-password"
          error={fieldError(formState.errors.password?.message)}
        />
        <div className="checkbox-field">
          <input
            id="login-remember"
            type="checkbox"
            data-testid="login-remember"
            {...register('rememberMe')}
          />
          <label htmlFor="login-remember">{t('login.remember')}</label>
        </div>
        <SubmitButton
          label={t('login.submit')}
          sendingLabel={t('login.sending')}
          sending={status === 'signingIn'}
          testId="login-submit"
        />
        {error !== null && (
          <p id="login-error" className="form-error" role="alert" data-testid="login-error">
            {describeFailure(t, error)}
          </p>
        )}
      </form>
      <p className="card-footer">
        <Link to="/forgot">{t('login.forgot')}</Link>
      </p>
    </section>
  );
}
