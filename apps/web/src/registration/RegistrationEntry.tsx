// The public page of an event that takes registrations (issue 33, part 5), shown instead of the open
// entry form: the standard fields (name, e-mail, language, time zone), the form's custom fields, and the
// consents (the lab's required ones and those the form requires, each read in full). Sent, the page says
// to follow the link mailed to the address: the registration counts once it is. The server checks all
// of it again; saying it here keeps the form as it was typed.
import { type AskedConsent, type PublicRegistrationForm, registrationAnswerProblems } from '@lablive/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../components/FormCard.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import { ConsentChecklist, untickedRequired } from '../consents/ConsentChecklist.tsx';
import { describeConsentFailure } from '../consents/consentWords.ts';
import type { Failure } from '../failure.ts';
import { submissionFailure, useSubmission } from '../hooks/useSubmission.ts';
import { describeFailure } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { browserZone, type Person, PersonFields } from './PersonFields.tsx';
import { type Answers, RegistrationFields } from './RegistrationFields.tsx';
import { registrationsApi } from './registrationsApi.ts';
import './registration.css';

type Props = {
  slug: string;
  form: PublicRegistrationForm;
  consents: readonly AskedConsent[];
  title: string;
  header: ReactNode;
  about: ReactNode;
};

export function RegistrationEntry({ slug, form, consents, title, header, about }: Props) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const pageLocale = useLocale();
  const [person, setPerson] = useState<Person>({
    first_name: '',
    last_name: '',
    email: '',
    locale: pageLocale,
    time_zone: browserZone(),
  });
  const [answers, setAnswers] = useState<Answers>({});
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [consentProblem, setConsentProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The form's kinds are required here as the lab's required ones are.
  const asked = useMemo(
    () =>
      consents.map((consent) => ({
        ...consent,
        required: consent.required || form.consent_kinds.includes(consent.kind),
      })),
    [consents, form.consent_kinds],
  );
  const { submission, submit } = useSubmission(async () => {
    await registrationsApi.register(slug, { ...person, answers, consent_version_ids: [...ticked] });
    setSentTo(person.email);
  });

  const onSend = () => {
    const found: Record<string, string> = {};
    for (const name of ['first_name', 'last_name', 'email'] as const) {
      if (person[name].trim() === '') found[name] = t('registration.fieldRequired');
    }
    for (const problem of registrationAnswerProblems(form.fields, answers)) {
      const key = /^answers\.([a-z0-9_]+):/.exec(problem)?.[1];
      if (key)
        found[key] = problem.endsWith('is required')
          ? t('registration.fieldRequired')
          : (problem.split(': ')[1] ?? problem);
    }
    setProblems(found);
    const unticked = untickedRequired(asked, ticked).length > 0;
    setConsentProblem(unticked ? tw('consents.tickRequired') : null);
    if (Object.keys(found).length === 0 && !unticked) void submit();
  };
  const describe = (failure: Failure) =>
    describeConsentFailure(tw, failure) ??
    (failure.status === 409 ? t('registration.already') : describeFailure(t, failure));
  if (sentTo !== null) {
    return (
      <FormCard
        titleId="registration-title"
        title={t('registration.sentTitle')}
        header={header}
        testId="registration-card"
      >
        <p role="status" className="form-success" data-testid="registration-sent">
          {t('registration.sent', { email: sentTo })}
        </p>
      </FormCard>
    );
  }
  return (
    <FormCard
      titleId="registration-title"
      title={title}
      header={header}
      testId="registration-card"
      titleTestId="entry-event-name"
    >
      <div className="registration-form">
        {about}
        <p>{t('registration.intro')}</p>
        {form.full && (
          <p className="registration-notice" data-testid="registration-full">
            {t('registration.fullNotice')}
          </p>
        )}
        {form.approval && <p className="muted">{t('registration.approvalNotice')}</p>}
        <SendingForm
          onSend={onSend}
          submitLabel={t('registration.submit')}
          sendingLabel={t('registration.sending')}
          sending={submission.status === 'sending'}
          testId="registration-submit"
          failure={submissionFailure(t, submission, describe)}
          failureTestId="registration-error"
          failureId="registration-error"
        >
          <PersonFields person={person} problems={problems} onChange={setPerson} />
          <RegistrationFields
            fields={form.fields}
            locale={pageLocale}
            answers={answers}
            problems={problems}
            onChange={(key, value) => setAnswers({ ...answers, [key]: value })}
          />
          <ConsentChecklist
            consents={asked}
            ticked={ticked}
            problem={consentProblem}
            disabled={submission.status === 'sending'}
            onChange={(versionId, on) => {
              const next = new Set(ticked);
              if (on) next.add(versionId);
              else next.delete(versionId);
              setTicked(next);
            }}
          />
        </SendingForm>
      </div>
    </FormCard>
  );
}
