// An event's registration settings and form (issue 33, part 5): on or off, the places, approval, the
// consent kinds the form requires, and the custom fields (key, type, required, the label in fr, en and
// de, a choice's options). Saved whole (PUT registration); the server checks it with the domain's schema
// and its refusal names the field.
import {
  CONSENT_KINDS,
  type ConsentKind,
  LOCALES,
  REGISTRATION_FIELD_TYPES,
  type RegistrationField,
  type RegistrationSettings,
  type RegistrationSettingsView,
} from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/BusyButton.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { ControlField } from '../ControlField.tsx';
import { registrationKeys, registrationsAdminApi } from '../resources/registrations.ts';

const EMPTY_LABEL = { fr: '', en: '', de: '' };

/** A choice field's options as the textarea shows them: `key = fr | en | de`, one a line. */
const choicesText = (field: RegistrationField) =>
  field.choices
    .map((choice) => `${choice.key} = ${choice.label.fr} | ${choice.label.en} | ${choice.label.de}`)
    .join('\n');

function parseChoices(text: string): RegistrationField['choices'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [key = '', labels = ''] = line.split('=').map((part) => part.trim());
      const [fr = '', en = fr, de = fr] = labels.split('|').map((part) => part.trim());
      return { key, label: { fr, en, de } };
    });
}

export function RegistrationSettingsForm({
  eventId,
  stored,
}: {
  eventId: number;
  stored: RegistrationSettingsView;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const invalidate = useInvalidate();
  const { taken, waitlisted, ...initial } = stored;
  const [settings, setSettings] = useState<RegistrationSettings>(initial);
  const [choiceTexts, setChoiceTexts] = useState<string[]>(initial.fields.map(choicesText));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const set = (change: Partial<RegistrationSettings>) => setSettings({ ...settings, ...change });
  const setField = (index: number, change: Partial<RegistrationField>) =>
    set({ fields: settings.fields.map((field, at) => (at === index ? { ...field, ...change } : field)) });

  async function save() {
    setSaving(true);
    setFailure(null);
    const fields = settings.fields.map((field, index) => ({
      ...field,
      choices: field.type === 'choice' ? parseChoices(choiceTexts[index] ?? '') : [],
    }));
    try {
      await registrationsAdminApi.saveSettings(eventId, { ...settings, fields });
      invalidate.afterSave(registrationKeys.all);
      toast.show({ title: t('registration.admin.saved'), tone: 'success' });
    } catch (error) {
      setFailure(toFailure(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="admin-form"
      noValidate
      data-testid="registration-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="muted" data-testid="registration-taken">
        {t('registration.admin.taken', { count: taken, waitlisted })}
      </p>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={settings.enabled}
          data-testid="registration-enabled"
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        {t('registration.admin.enabled')}
      </label>
      <ControlField
        id="registration-capacity"
        label={t('registration.admin.capacity')}
        hint={t('registration.admin.capacityHint')}
      >
        {(describedBy) => (
          <input
            id="registration-capacity"
            type="number"
            min={1}
            inputMode="numeric"
            value={settings.capacity ?? ''}
            aria-describedby={describedBy}
            data-testid="registration-capacity"
            onChange={(event) =>
              set({ capacity: event.target.value === '' ? null : Number(event.target.value) })
            }
          />
        )}
      </ControlField>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={settings.approval}
          data-testid="registration-approval"
          onChange={(event) => set({ approval: event.target.checked })}
        />
        {t('registration.admin.approval')}
      </label>
      <ConsentKindsField
        chosen={settings.consent_kinds}
        onChange={(consent_kinds) => set({ consent_kinds })}
      />
      <fieldset className="field" data-testid="registration-fields">
        <legend>{t('registration.admin.fields')}</legend>
        {settings.fields.map((field, index) => (
          <FieldEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: a field's key is what is being edited.
            key={index}
            index={index}
            field={field}
            choices={choiceTexts[index] ?? ''}
            onChange={(change) => setField(index, change)}
            onChoices={(text) => setChoiceTexts(choiceTexts.map((old, at) => (at === index ? text : old)))}
            onRemove={() => {
              set({ fields: settings.fields.filter((_, at) => at !== index) });
              setChoiceTexts(choiceTexts.filter((_, at) => at !== index));
            }}
          />
        ))}
        <button
          type="button"
          className="button"
          data-testid="registration-add-field"
          onClick={() => {
            const key = `field_${settings.fields.length + 1}`;
            set({
              fields: [
                ...settings.fields,
                { key, type: 'text', label: EMPTY_LABEL, required: false, choices: [] },
              ],
            });
            setChoiceTexts([...choiceTexts, '']);
          }}
        >
          {t('registration.admin.addField')}
        </button>
      </fieldset>
      {failure !== null && (
        <p className="form-error" role="alert" data-testid="registration-settings-error">
          {describeFailure(t, failure)}
        </p>
      )}
      <BusyButton
        type="submit"
        label={t('registration.admin.save')}
        busyLabel={t('registration.admin.saving')}
        busy={saving}
        testId="registration-save"
      />
    </form>
  );
}

function FieldEditor(props: {
  index: number;
  field: RegistrationField;
  choices: string;
  onChange: (change: Partial<RegistrationField>) => void;
  onChoices: (text: string) => void;
  onRemove: () => void;
}) {
  const { index, field, choices, onChange, onChoices, onRemove } = props;
  const { t } = useTranslation();
  const id = (part: string) => `registration-field-${index}-${part}`;
  return (
    <div className="registration-field-editor" data-testid={`registration-field-editor-${index}`}>
      <ControlField id={id('key')} label={t('registration.admin.fieldKey')}>
        {(describedBy) => (
          <input
            id={id('key')}
            value={field.key}
            aria-describedby={describedBy}
            data-testid={id('key')}
            onChange={(event) => onChange({ key: event.target.value })}
          />
        )}
      </ControlField>
      <ControlField id={id('type')} label={t('registration.admin.fieldType')}>
        {(describedBy) => (
          <select
            id={id('type')}
            value={field.type}
            aria-describedby={describedBy}
            data-testid={id('type')}
            onChange={(event) => onChange({ type: event.target.value as RegistrationField['type'] })}
          >
            {REGISTRATION_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`registration.admin.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </ControlField>
      {LOCALES.map((language) => (
        <ControlField
          key={language}
          id={id(`label-${language}`)}
          label={t('registration.admin.label', { language: language.toUpperCase() })}
        >
          {(describedBy) => (
            <input
              id={id(`label-${language}`)}
              lang={language}
              value={field.label[language]}
              aria-describedby={describedBy}
              data-testid={id(`label-${language}`)}
              onChange={(event) => onChange({ label: { ...field.label, [language]: event.target.value } })}
            />
          )}
        </ControlField>
      ))}
      {field.type === 'choice' && (
        <ControlField id={id('choices')} label={t('registration.admin.choices')}>
          {(describedBy) => (
            <textarea
              id={id('choices')}
              rows={3}
              value={choices}
              aria-describedby={describedBy}
              data-testid={id('choices')}
              onChange={(event) => onChoices(event.target.value)}
            />
          )}
        </ControlField>
      )}
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={field.required}
          data-testid={id('required')}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
        {t('registration.admin.fieldRequired')}
      </label>
      <button type="button" className="button" data-testid={id('remove')} onClick={onRemove}>
        {t('registration.admin.removeField')}
      </button>
    </div>
  );
}

/** The consent kinds the form requires, besides the lab's required ones (always asked). */
function ConsentKindsField(props: {
  chosen: readonly ConsentKind[];
  onChange: (kinds: ConsentKind[]) => void;
}) {
  const { chosen, onChange } = props;
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  return (
    <fieldset className="field">
      <legend>{t('registration.admin.consentKinds')}</legend>
      <p className="field-hint">{t('registration.admin.consentKindsHint')}</p>
      {CONSENT_KINDS.map((kind) => (
        <label className="checkbox-field" key={kind}>
          <input
            type="checkbox"
            checked={chosen.includes(kind)}
            data-testid={`registration-consent-${kind}`}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, kind] : chosen.filter((other) => other !== kind))
            }
          />
          {tw(`consents.kinds.${kind}`)}
        </label>
      ))}
    </fieldset>
  );
}
