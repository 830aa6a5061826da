// A consent kind written or edited (issue 33): whether guests are asked it and must accept it, and its
// text in French, English and German (each required, at most CONSENT_TEXT_MAX characters, checked as
// the server checks them). Saving a change makes a new version; the guests who accepted an earlier one
// keep its words, and a required one's new version is asked of them again before they enter.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONSENT_TEXT_MAX,
  type ConsentForm as ConsentFormValues,
  type ConsentKind,
  consentFormSchema,
  type LabConsent,
} from '@lablive/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LabelledControl } from '../../components/LabelledControl.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { consentsAdminApi } from '../adminApi.ts';
import { consentKeys } from '../resources/consents.ts';

const LANGUAGES = ['fr', 'en', 'de'] as const;

type ConsentFormProps = { kind: ConsentKind; consent: LabConsent | null; onClose: () => void };

export function ConsentForm({ kind, consent, onClose }: ConsentFormProps) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConsentFormValues>({
    resolver: zodResolver(consentFormSchema),
    defaultValues: {
      required: consent?.current.required ?? true,
      active: consent?.active ?? true,
      texts: consent?.current.texts ?? { fr: '', en: '', de: '' },
    },
  });
  const { errors, isSubmitting } = form.formState;

  // Opened from a row's button: the keyboard goes to the form.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const save = async (values: ConsentFormValues) => {
    setFailure(null);
    try {
      const saved = await consentsAdminApi.write(kind, values);
      invalidate.refresh(consentKeys.list);
      toast.show({ title: ta('consents.saved', { version: saved.current.version }), tone: 'success' });
      onClose();
    } catch (error) {
      setFailure(describeFailure(t, toFailure(error)));
    }
  };

  const textError = (language: (typeof LANGUAGES)[number]) => {
    if (errors.texts?.[language] === undefined) return undefined;
    const value = form.getValues(`texts.${language}`) ?? '';
    return value.trim() === ''
      ? ta('consents.textRequired')
      : ta('consents.textTooLong', { max: CONSENT_TEXT_MAX });
  };

  return (
    <form
      className="admin-form consent-form"
      aria-labelledby={`${id}-title`}
      data-testid="consent-form"
      noValidate
      onSubmit={form.handleSubmit(save)}
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {ta('consents.formTitle', { kind: ta(`consents.kinds.${kind}`) })}
      </h2>
      {consent !== null && <p className="muted">{ta('consents.newVersionHint')}</p>}
      <div className="consent-switches">
        <label>
          <input type="checkbox" data-testid="consent-required" {...form.register('required')} />{' '}
          {ta('consents.requiredLabel')}
        </label>
        <label>
          <input type="checkbox" data-testid="consent-active" {...form.register('active')} />{' '}
          {ta('consents.activeLabel')}
        </label>
      </div>
      {LANGUAGES.map((language) => (
        <LabelledControl
          key={language}
          id={`${id}-${language}`}
          label={`${ta(`consents.language.${language}`)} *`}
          error={textError(language)}
          testId={`consent-text-${language}`}
        >
          {(describedBy) => (
            <textarea
              id={`${id}-${language}`}
              lang={language}
              rows={5}
              aria-required="true"
              aria-invalid={errors.texts?.[language] !== undefined}
              aria-describedby={describedBy}
              data-testid={`consent-text-${language}`}
              {...form.register(`texts.${language}`)}
            />
          )}
        </LabelledControl>
      ))}
      <div className="form-actions">
        <BusyButton
          type="submit"
          label={ta('consents.save')}
          busyLabel={ta('consents.saving')}
          busy={isSubmitting}
          testId="consent-save"
        />
        <button type="button" className="button button-secondary" onClick={onClose} disabled={isSubmitting}>
          {ta('consents.cancel')}
        </button>
      </div>
      {failure !== null && (
        <p className="form-error" role="alert" data-testid="consent-form-error">
          {failure}
        </p>
      )}
    </form>
  );
}
