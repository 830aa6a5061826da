// The event's attendance certificate rules (issue 33, part 6), under its form: certificates on or off,
// the minimum share of the event's time present and the minimum polls answered, saved on their own
// (PUT certificate-rules, the schema the server applies). Once the event has started the server refuses
// changes (409): the section shows the rules read only and says why.
import { zodResolver } from '@hookform/resolvers/zod';
import { type CertificateRules, type CertificateRulesView, certificateRulesSchema } from '@lablive/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/BusyButton.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { certificatesApi } from '../adminApi.ts';
import { ControlField } from '../ControlField.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { certificateKeys, useCertificateRules } from '../resources/certificates.ts';

export function CertificateRulesSection({ eventId }: { eventId: number }) {
  const { t: ta } = useTranslation('admin');
  const { state } = useLoadedQuery(useCertificateRules(eventId));
  return (
    <section className="certificate-rules" aria-labelledby="certificate-rules-title">
      <h2 id="certificate-rules-title">{ta('certificates.rules.title')}</h2>
      <LoadedView state={state} errorTestId="certificate-rules-error">
        {(rules) => <RulesForm eventId={eventId} stored={rules} />}
      </LoadedView>
    </section>
  );
}

function RulesForm({ eventId, stored }: { eventId: number; stored: CertificateRulesView }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const { locked, ...values } = stored;
  const form = useForm<CertificateRules>({
    resolver: zodResolver(certificateRulesSchema),
    defaultValues: values,
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));

  async function save(rules: CertificateRules) {
    setFailure(null);
    try {
      await certificatesApi.setRules(eventId, rules);
      invalidate.afterSave(certificateKeys.all);
      toast.show({ title: ta('certificates.rules.saved'), tone: 'success' });
    } catch (error) {
      setFailure(toFailure(error));
    }
  }

  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={form.handleSubmit(save)}
      data-testid="certificate-rules"
    >
      <fieldset className="form-section" disabled={locked}>
        <legend className="visually-hidden">{ta('certificates.rules.title')}</legend>
        <p className="muted">{ta('certificates.rules.lead')}</p>
        {locked && (
          <p className="form-error" data-testid="certificate-rules-locked">
            {ta('certificates.rules.locked')}
          </p>
        )}
        <label className="checkbox-field">
          <input type="checkbox" data-testid="certificate-enabled" {...form.register('enabled')} />
          {ta('certificates.rules.enabled')}
        </label>
        <ControlField
          id="certificate-presence"
          label={ta('certificates.rules.minPresence')}
          error={message(errors.min_presence_percent?.message)}
        >
          {(describedBy) => (
            <input
              id="certificate-presence"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              aria-invalid={errors.min_presence_percent !== undefined}
              aria-describedby={describedBy}
              data-testid="certificate-presence"
              {...form.register('min_presence_percent', { valueAsNumber: true })}
            />
          )}
        </ControlField>
        <ControlField
          id="certificate-polls"
          label={ta('certificates.rules.minPolls')}
          error={message(errors.min_polls_answered?.message)}
        >
          {(describedBy) => (
            <input
              id="certificate-polls"
              type="number"
              inputMode="numeric"
              min={0}
              aria-invalid={errors.min_polls_answered !== undefined}
              aria-describedby={describedBy}
              data-testid="certificate-polls"
              {...form.register('min_polls_answered', { valueAsNumber: true })}
            />
          )}
        </ControlField>
      </fieldset>
      {failure !== null && <LoadFailure failure={failure} testId="certificate-rules-save-error" />}
      {!locked && (
        <div className="form-actions">
          <BusyButton
            type="submit"
            label={ta('certificates.rules.save')}
            busyLabel={ta('certificates.rules.saving')}
            busy={isSubmitting}
            testId="certificate-rules-save"
          />
        </div>
      )}
    </form>
  );
}
