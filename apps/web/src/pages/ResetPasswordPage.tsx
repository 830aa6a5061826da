// The change-password form reached from the mailed link (/reset?token=…): a new password and its
// confirmation, validated with the shared schema; then the spec's success message and a way to sign in.
// A new user's first password comes the same way (`&welcome=1`, ADR 0004), titled "Set your password"
// and told it was created, not changed.
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MESSAGES, PASSWORD_MIN_LENGTH } from '@lablive/domain';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { FormCard } from '../components/FormCard.tsx';
import { BoundFields, type FieldRow } from '../components/FormField.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import { submissionFailure, useSubmission } from '../hooks/useSubmission.ts';
import { translateMessage } from '../i18n/messages.ts';
import { api } from '../services.ts';

type ResetInput = z.input<typeof changePasswordFormSchema>;
type ResetValues = z.output<typeof changePasswordFormSchema>;

const RESET_FIELDS = [
  { name: 'password', id: 'reset-password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmation', id: 'reset-confirmation', type: 'password', autoComplete: 'new-password' },
] as const satisfies readonly FieldRow<keyof ResetInput>[];

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const welcome = searchParams.get('welcome') === '1';
  const title = welcome ? t('reset.welcomeTitle') : t('reset.title');
  const changePassword = useCallback((password: string) => api.changePassword(token, { password }), [token]);
  const { submission, submit } = useSubmission(changePassword);
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { password: '', confirmation: '' },
  });

  const requestNew = <Link to="/forgot">{t('reset.requestNew')}</Link>;
  if (token === '') {
    return (
      <FormCard titleId="reset-title" title={title} footer={requestNew}>
        <p role="alert" data-testid="reset-missing-token">
          {t('reset.missingToken')}
        </p>
      </FormCard>
    );
  }

  if (submission.status === 'done') {
    const signIn = (
      <Link className="button button-primary" to="/login" data-testid="reset-sign-in">
        {t('common.signIn')}
      </Link>
    );
    return (
      <FormCard titleId="reset-title" title={title} footer={signIn}>
        <p role="status" className="form-success" data-testid="reset-done">
          {welcome ? t('reset.welcomeDone') : translateMessage(t, MESSAGES.passwordChanged)}
        </p>
      </FormCard>
    );
  }

  return (
    <FormCard titleId="reset-title" title={title} footer={requestNew}>
      {welcome && <p className="muted">{t('reset.welcomeIntro')}</p>}
      <SendingForm
        onSend={form.handleSubmit((values) => submit(values.password))}
        submitLabel={welcome ? t('reset.welcomeSubmit') : t('reset.submit')}
        sendingLabel={t('reset.sending')}
        sending={submission.status === 'sending'}
        testId="reset-submit"
        failure={submissionFailure(t, submission)}
        failureTestId="reset-error"
      >
        <BoundFields
          form={form}
          fields={RESET_FIELDS}
          label={(name) => t(`reset.${name}`)}
          hint={(name) => (name === 'password' ? t('reset.hint', { min: PASSWORD_MIN_LENGTH }) : undefined)}
        />
      </SendingForm>
    </FormCard>
  );
}
