// The adverse-event report form (live-room spec, sections 3 and 5): every field required, the doctor's
// phone in the locale's pattern, the birth date typed in the locale's date format, positive numbers
// for the zip code and the batch number. Validated with the server's schema; the server's own field
// refusals are shown on their fields. Sending signs the report: the statement stands above the button.
import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@lablive/client';
import { AGE_RANGE_MESSAGES, PATIENT_AGE_RANGES } from '@lablive/domain';
import { useMemo, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { useRoom } from '../roomContext.ts';
import { GenderField } from './GenderField.tsx';
import { datePattern, localeDateFormat } from './localeDate.ts';
import { ReportField } from './ReportField.tsx';
import {
  EMPTY_REPORT_FORM,
  type ReportField as FieldName,
  fieldErrorKind,
  REPORT_FIELDS,
  type ReportFormInput,
  type ReportFormOutput,
  reportFormSchema,
} from './reportForm.ts';
import { SignatureNote } from './SignatureNote.tsx';

const isReportField = (field: string): field is FieldName => REPORT_FIELDS.some((known) => known === field);

export function PharmacovigilanceForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('room');
  const { t: tCommon } = useTranslation();
  const locale = useLocale();
  const { api, roomId } = useRoom();
  const dateFormat = useMemo(() => localeDateFormat(locale), [locale]);
  const schema = useMemo(() => reportFormSchema(locale, dateFormat, new Date()), [locale, dateFormat]);
  const { register, handleSubmit, formState, setError } = useForm<ReportFormInput, unknown, ReportFormOutput>(
    {
      resolver: zodResolver(schema),
      defaultValues: EMPTY_REPORT_FORM,
    },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const pattern = datePattern(dateFormat, {
    day: t('pharmacovigilance.dateLetters.day'),
    month: t('pharmacovigilance.dateLetters.month'),
    year: t('pharmacovigilance.dateLetters.year'),
  });

  const errorText = (name: FieldName, error: FieldError | undefined): string | undefined => {
    if (error === undefined) return undefined;
    // A refusal the server explained in its own words (it knows rules the form does not).
    if (error.type === 'server') return error.message;
    if (error.message === AGE_RANGE_MESSAGES.contradicts) return t('pharmacovigilance.ageRangeContradicts');
    const kind = fieldErrorKind(error);
    if (kind === 'required') return t('pharmacovigilance.errors.required');
    if (kind === 'tooLong') return t('pharmacovigilance.errors.tooLong');
    return t(`pharmacovigilance.invalid.${name}`, { pattern });
  };

  const onSubmit = async (report: ReportFormOutput) => {
    setFormError(null);
    try {
      await api.rooms.fileReport({ ...report, room_id: roomId });
      onSaved();
    } catch (failure) {
      const fieldErrors = isApiError(failure)
        ? failure.fieldErrors.filter((item) => isReportField(item.field))
        : [];
      for (const item of fieldErrors) {
        if (isReportField(item.field)) setError(item.field, { type: 'server', message: item.message });
      }
      if (fieldErrors.length === 0) setFormError(describeFailure(tCommon, toFailure(failure)));
    }
  };

  const text = (
    name: FieldName,
    options: {
      type?: 'text' | 'email' | 'tel';
      inputMode?: 'numeric' | 'tel';
      hint?: string;
      placeholder?: string;
    } = {},
  ) => (
    <ReportField
      name={name}
      label={t(`pharmacovigilance.fields.${name}`)}
      registration={register(name)}
      control={{ kind: 'input', type: options.type ?? 'text', inputMode: options.inputMode }}
      error={errorText(name, formState.errors[name])}
      hint={options.hint}
      placeholder={options.placeholder}
    />
  );

  return (
    <form
      className="pv-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-describedby={formError === null ? undefined : 'pv-form-error'}
    >
      <fieldset className="pv-section">
        <legend>{t('pharmacovigilance.sections.patient')}</legend>
        {text('patient_firstname')}
        {text('patient_lastname')}
        <GenderField registration={register('gender')} error={errorText('gender', formState.errors.gender)} />
        {text('patient_birthdate', {
          inputMode: 'numeric',
          placeholder: pattern,
          hint: t('pharmacovigilance.hints.birthdate', { pattern }),
        })}
        <ReportField
          name="patient_age_range"
          label={t('pharmacovigilance.fields.patient_age_range')}
          registration={register('patient_age_range')}
          control={{
            kind: 'select',
            placeholder: t('pharmacovigilance.chooseAgeRange'),
            options: PATIENT_AGE_RANGES.map((range) => ({
              value: range,
              label: t(`pharmacovigilance.ageRanges.${range}`),
            })),
          }}
          error={errorText('patient_age_range', formState.errors.patient_age_range)}
        />
      </fieldset>
      <fieldset className="pv-section">
        <legend>{t('pharmacovigilance.sections.doctor')}</legend>
        {text('doctor_firstname')}
        {text('doctor_lastname')}
        {text('doctor_phone', { type: 'tel', inputMode: 'tel', hint: t('pharmacovigilance.hints.phone') })}
        {text('doctor_email', { type: 'email' })}
        {text('doctor_specialty')}
        {text('doctor_address')}
        {text('doctor_zip_code', { inputMode: 'numeric' })}
      </fieldset>
      <fieldset className="pv-section">
        <legend>{t('pharmacovigilance.sections.drug')}</legend>
        {text('drug_name')}
        {text('drug_batch_number', { inputMode: 'numeric' })}
        <ReportField
          name="drug_adverse_reaction"
          label={t('pharmacovigilance.fields.drug_adverse_reaction')}
          registration={register('drug_adverse_reaction')}
          control={{ kind: 'textarea' }}
          error={errorText('drug_adverse_reaction', formState.errors.drug_adverse_reaction)}
        />
      </fieldset>
      {formError !== null && (
        <p id="pv-form-error" className="form-error" role="alert" data-testid="pv-form-error">
          {t('pharmacovigilance.failed', { reason: formError })}
        </p>
      )}
      <SignatureNote id="pv-signature" />
      <SubmitButton
        label={t('pharmacovigilance.submit')}
        sendingLabel={t('pharmacovigilance.sending')}
        sending={formState.isSubmitting}
        testId="pv-submit"
        describedBy="pv-signature"
      />
    </form>
  );
}
