// Asks for a password-reset link (sent in the current language), then confirms that the e-mail is on
// its way. The answer is the same whether or not the account exists.
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@lablive/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { FormField } from '../components/FormField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useSubmission } from '../hooks/useSubmission.ts';
import { describeFailure, translateMessage } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { api } from '../services.ts';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type ForgotValues = z.output<typeof forgotPasswordSchema>;

const requestLink = (values: ForgotValues) => api.forgotPassword(values);

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sentTo, setSentTo] = useState('');
  const { submission, submit } = useSubmission(requestLink);
  const { register, handleSubmit, formState } = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  if (submission.status === 'done') {
    return (
      <section className="card form-card" aria-labelledby="forgot-sent-title" data-testid="forgot-sent">
        <h1 id="forgot-sent-title">{t('forgot.sentTitle')}</h1>
        <p role="status">{t('forgot.sentBody', { email: sentTo })}</p>
        <p className="card-footer">
          <Link to="/login">{t('common.backToSignIn')}</Link>
        </p>
      </section>
    );
  }

  const onSubmit = (values: ForgotValues) => {
    setSentTo(values.email);
    return submit({ email: values.email, locale });
  };
  const emailError = formState.errors.email?.message;

  return (
    <section className="card form-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      <p>{t('forgot.intro')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <FormField
          id="forgot-email"
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          testId="forgot-email"
          error={emailError === undefined ? undefined : translateMessage(t, emailError)}
        />
        <SubmitButton
          label={t('forgot.submit')}
          sendingLabel={t('forgot.sending')}
          sending={submission.status === 'sending'}
          testId="forgot-submit"
        />
        {submission.status === 'failed' && (
          <p className="form-error" role="alert" data-testid="forgot-error">
            {describeFailure(t, submission.failure)}
          </p>
        )}
      </form>
      <p className="card-footer">
        <Link to="/login">{t('common.backToSignIn')}</Link>
      </p>
    </section>
  );
}
