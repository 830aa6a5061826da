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
import { FormCard } from '../components/FormCard.tsx';
import { BoundFields, type FieldRow } from '../components/FormField.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import { describeFailure } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';

type LoginInput = z.input<typeof passwordLoginSchema>;
type LoginValues = z.output<typeof passwordLoginSchema>;

const LOGIN_FIELDS = [
  { name: 'email', id: 'login-email', type: 'email', autoComplete: 'username' },
  { name: 'password', id: 'login-password', type: 'password', autoComplete: 'current-password' },
] as const satisfies readonly FieldRow<keyof LoginInput>[];

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const actor = useAuthActor();
  const status = useAuthStatus();
  const user = useCurrentUser();
  const error = useAuthContext((context) => (context.lastAttempt === 'password' ? context.error : null));
  const form = useForm<LoginInput, unknown, LoginValues>({
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

  return (
    <FormCard
      titleId="login-title"
      title={t('login.title')}
      footer={<Link to="/forgot">{t('login.forgot')}</Link>}
    >
      <SendingForm
        onSend={form.handleSubmit(onSubmit)}
        submitLabel={t('login.submit')}
        sendingLabel={t('login.sending')}
        sending={status === 'signingIn'}
        testId="login-submit"
        failure={error === null ? null : describeFailure(t, error)}
        failureTestId="login-error"
        failureId="login-error"
      >
        <BoundFields form={form} fields={LOGIN_FIELDS} label={(name) => t(`login.${name}`)} />
        <div className="checkbox-field">
          <input
            id="login-remember"
            type="checkbox"
            data-testid="login-remember"
            {...form.register('rememberMe')}
          />
          <label htmlFor="login-remember">{t('login.remember')}</label>
        </div>
      </SendingForm>
    </FormCard>
  );
}
