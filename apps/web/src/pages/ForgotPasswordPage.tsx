// Asks for a password-reset link (sent in the current language), then confirms that the e-mail is on
// its way. The answer is the same whether or not the account exists.
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@lablive/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { FormCard } from '../components/FormCard.tsx';
import { BoundFields, type FieldRow } from '../components/FormField.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import { submissionFailure, useSubmission } from '../hooks/useSubmission.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { api } from '../services.ts';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type ForgotValues = z.output<typeof forgotPasswordSchema>;

const FORGOT_FIELDS = [
  { name: 'email', id: 'forgot-email', type: 'email', autoComplete: 'email' },
] as const satisfies readonly FieldRow<keyof ForgotInput>[];

const requestLink = (values: ForgotValues) => api.forgotPassword(values);

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [sentTo, setSentTo] = useState('');
  const { submission, submit } = useSubmission(requestLink);
  const form = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const backToSignIn = <Link to="/login">{t('common.backToSignIn')}</Link>;
  if (submission.status === 'done') {
    return (
      <FormCard
        titleId="forgot-sent-title"
        title={t('forgot.sentTitle')}
        testId="forgot-sent"
        footer={backToSignIn}
      >
        <p role="status">{t('forgot.sentBody', { email: sentTo })}</p>
      </FormCard>
    );
  }

  const onSubmit = (values: ForgotValues) => {
    setSentTo(values.email);
    return submit({ email: values.email, locale });
  };

  return (
    <FormCard titleId="forgot-title" title={t('forgot.title')} footer={backToSignIn}>
      <p>{t('forgot.intro')}</p>
      <SendingForm
        onSend={form.handleSubmit(onSubmit)}
        submitLabel={t('forgot.submit')}
        sendingLabel={t('forgot.sending')}
        sending={submission.status === 'sending'}
        testId="forgot-submit"
        failure={submissionFailure(t, submission)}
        failureTestId="forgot-error"
      >
        <BoundFields form={form} fields={FORGOT_FIELDS} label={() => t('forgot.email')} />
      </SendingForm>
    </FormCard>
  );
}
