// The pages of the links a registration's mails carry (issue 33, part 5): /registration/confirm (the
// address is the guest's: the registration counts) and /registration/cancel (the place is given up). One
// button does it, a click, so that a mail scanner opening the link changes nothing; then where the
// registration stands, in words.
import type { RegistrationOutcome } from '@lablive/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormCard } from '../components/FormCard.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import type { Failure } from '../failure.ts';
import { submissionFailure, useSubmission } from '../hooks/useSubmission.ts';
import { describeFailure } from '../i18n/messages.ts';
import { registrationsApi } from './registrationsApi.ts';

export function RegistrationConfirmPage() {
  return <RegistrationLink action="confirm" />;
}

export function RegistrationCancelPage() {
  return <RegistrationLink action="cancel" />;
}

function RegistrationLink({ action }: { action: 'confirm' | 'cancel' }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<RegistrationOutcome | null>(null);
  const send = useCallback(async () => {
    setOutcome(await registrationsApi[action](token));
  }, [action, token]);
  const { submission, submit } = useSubmission(send);
  const describe = (failure: Failure) =>
    failure.status === 401 || failure.status === 404
      ? t('registration.invalidLink')
      : describeFailure(t, failure);

  return (
    <FormCard titleId="registration-link-title" title={t(`registration.${action}.title`)}>
      {token === '' ? (
        <p role="alert" data-testid="registration-link-missing">
          {t('registration.missingToken')}
        </p>
      ) : outcome !== null ? (
        <p
          role="status"
          className="form-success"
          data-testid="registration-outcome"
          data-status={outcome.status}
        >
          {t(`registration.outcome.${outcome.status}`, { event: outcome.event_name })}
        </p>
      ) : (
        <>
          <p>{t(`registration.${action}.intro`)}</p>
          <SendingForm
            onSend={() => submit()}
            submitLabel={t(`registration.${action}.submit`)}
            sendingLabel={t(`registration.${action}.sending`)}
            sending={submission.status === 'sending'}
            testId={`registration-${action}-submit`}
            failure={submissionFailure(t, submission, describe)}
            failureTestId="registration-link-error"
          />
        </>
      )}
    </FormCard>
  );
}
