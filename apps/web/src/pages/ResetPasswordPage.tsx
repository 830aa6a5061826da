// The change-password form reached from the mailed link (/reset?token=…): a new password and its
// confirmation, validated with the shared schema; then the spec's success message and a way to sign in.
// A new user's first password comes the same way (`&welcome=1`, ADR 0004), titled "Set your password".
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MESSAGES, PASSWORD_MIN_LENGTH } from '@lablive/domain';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { FormField } from '../components/FormField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useSubmission } from '../hooks/useSubmission.ts';
import { describeFailure, translateMessage } from '../i18n/messages.ts';
import { api } from '../services.ts';

type ResetInput = z.input<typeof changePasswordFormSchema>;
type ResetValues = z.output<typeof changePasswordFormSchema>;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const welcome = searchParams.get('welcome') === '1';
  const title = welcome ? t('reset.welcomeTitle') : t('reset.title');
  const changePassword = useCallback((password: string) => api.changePassword(token, { password }), [token]);
  const { submission, submit } = useSubmission(changePassword);
  const { register, handleSubmit, formState } = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { password: '', confirmation: '' },
  });

  if (token === '') {
    return (
      <section className="card form-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{title}</h1>
        <p role="alert" data-testid="reset-missing-token">
          {t('reset.missingToken')}
        </p>
        <p className="card-footer">
          <Link to="/forgot">{t('reset.requestNew')}</Link>
        </p>
      </section>
    );
  }

  if (submission.status === 'done') {
    return (
      <section className="card form-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{title}</h1>
        <p role="status" className="form-success" data-testid="reset-done">
          {translateMessage(t, MESSAGES.passwordChanged)}
        </p>
        <p className="card-footer">
          <Link className="button button-primary" to="/login" data-testid="reset-sign-in">
            {t('common.signIn')}
          </Link>
        </p>
      </section>
    );
  }

  const fieldError = (message: string | undefined) =>
    message === undefined ? undefined : translateMessage(t, message);

  return (
    <section className="card form-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{title}</h1>
      {welcome && <p className="muted">{t('reset.welcomeIntro')}</p>}
      <form noValidate onSubmit={handleSubmit((values) => submit(values.password))}>
        <FormField
          id="reset-password"
          label={t('reset.password')}
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          testId="reset-password"
          hint={t('reset.hint', { min: PASSWORD_MIN_LENGTH })}
          error={fieldError(formState.errors.password?.message)}
        />
        <FormField
          id="reset-confirmation"
          label={t('reset.confirmation')}
          type="password"
          autoComplete="new-password"
          registration={register('confirmation')}
          testId="reset-confirmation"
          error={fieldError(formState.errors.confirmation?.message)}
        />
        <SubmitButton
          label={welcome ? t('reset.welcomeSubmit') : t('reset.submit')}
          sendingLabel={t('reset.sending')}
          sending={submission.status === 'sending'}
          testId="reset-submit"
        />
        {submission.status === 'failed' && (
          <p className="form-error" role="alert" data-testid="reset-error">
            {describeFailure(t, submission.failure)}
          </p>
        )}
      </form>
      <p className="card-footer">
        <Link to="/forgot">{t('reset.requestNew')}</Link>
      </p>
    </section>
  );
}
