// The lab form's sections besides its colours and images (issue 28): its name and address name (suggested
// from the name until typed), its modules, plan, time zone and default language, how long its events'
// chat and attendance are kept (issue 32: days after an event's end, empty keeps), and, for a new lab, its
// first administrator, who is mailed a link to set their password.
import { LAB_MODULES, LOCALES } from '@lablive/domain';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField.tsx';
import { LANGUAGE_NAMES } from '../../i18n/locale.ts';
import { ControlField } from '../ControlField.tsx';
import {
  type LabField,
  type LabFormValues,
  labFieldMessage,
  labSlugOf,
  retentionDaysOf,
} from './labFormValues.ts';

const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** A field's error, in the reader's language. */
function useFieldError() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { getFieldState, formState } = useFormContext<LabFormValues>();
  return (field: LabField) => {
    const message = getFieldState(field, formState).error?.message;
    return message === undefined ? undefined : labFieldMessage(t, ta, field, message);
  };
}

export function LabIdentity({ slugTyped, onSlugTyped }: { slugTyped: boolean; onSlugTyped: () => void }) {
  const { t: ta } = useTranslation('admin');
  const { register, setValue } = useFormContext<LabFormValues>();
  const errorOf = useFieldError();
  const name = register('name');
  const slug = register('slug');
  return (
    <fieldset className="form-section">
      <legend>{ta('labs.form.identity')}</legend>
      <div className="lab-identity">
        <FormField
          id="lab-form-name"
          label={ta('labs.form.name')}
          type="text"
          autoComplete="off"
          registration={{
            ...name,
            onChange: async (event) => {
              await name.onChange(event);
              if (!slugTyped) setValue('slug', labSlugOf(event.target.value));
            },
          }}
          testId="lab-form-name"
          error={errorOf('name')}
        />
        <FormField
          id="lab-form-slug"
          label={ta('labs.form.slug')}
          hint={ta('labs.form.slugHint')}
          type="text"
          autoComplete="off"
          registration={{
            ...slug,
            onChange: async (event) => {
              onSlugTyped();
              await slug.onChange(event);
            },
          }}
          testId="lab-form-slug"
          error={errorOf('slug')}
        />
      </div>
    </fieldset>
  );
}

export function LabPlan() {
  const { t: ta } = useTranslation('admin');
  const { register, control, watch } = useFormContext<LabFormValues>();
  const errorOf = useFieldError();
  // The runtime's list leaves out aliases such as UTC: the lab's own zone is always offered.
  const zone = watch('time_zone');
  const zones = TIME_ZONES.includes(zone) ? TIME_ZONES : [zone, ...TIME_ZONES];
  const modulesError = errorOf('modules');
  return (
    <fieldset className="form-section">
      <legend>{ta('labs.form.settings')}</legend>
      <Controller
        control={control}
        name="modules"
        render={({ field }) => (
          <fieldset
            className="field"
            data-testid="lab-form-modules"
            aria-describedby={modulesError === undefined ? undefined : 'lab-form-modules-error'}
          >
            <legend>{ta('labs.form.modules')}</legend>
            <div className="lab-module-grid">
              {LAB_MODULES.map((module) => {
                const checked = field.value.includes(module);
                return (
                  <label key={module} className="checkbox-field">
                    <input
                      type="checkbox"
                      checked={checked}
                      data-testid={`lab-module-${module}`}
                      onBlur={field.onBlur}
                      onChange={() =>
                        field.onChange(
                          checked ? field.value.filter((held) => held !== module) : [...field.value, module],
                        )
                      }
                    />
                    {ta(`profile.moduleNames.${module}`)}
                  </label>
                );
              })}
            </div>
            {modulesError !== undefined && (
              <p id="lab-form-modules-error" className="field-error" data-testid="lab-form-modules-error">
                {modulesError}
              </p>
            )}
          </fieldset>
        )}
      />
      <div className="field-row lab-plan-row">
        <ControlField
          id="lab-form-plan"
          label={ta('labs.form.planMinutes')}
          hint={ta('labs.form.planMinutesHint')}
          error={errorOf('plan_minutes')}
        >
          {(describedBy) => (
            <input
              id="lab-form-plan"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              aria-describedby={describedBy}
              aria-invalid={errorOf('plan_minutes') !== undefined}
              data-testid="lab-form-plan"
              {...register('plan_minutes', { valueAsNumber: true })}
            />
          )}
        </ControlField>
        <ControlField
          id="lab-form-zone"
          label={ta('labs.form.timeZone')}
          hint={ta('labs.form.timeZoneHint')}
          error={errorOf('time_zone')}
        >
          {(describedBy) => (
            <select
              id="lab-form-zone"
              aria-describedby={describedBy}
              data-testid="lab-form-zone"
              {...register('time_zone')}
            >
              {zones.map((each) => (
                <option key={each} value={each}>
                  {each.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </ControlField>
      </div>
      <ControlField
        id="lab-form-locale"
        label={ta('labs.form.defaultLocale')}
        hint={ta('labs.form.defaultLocaleHint')}
        error={errorOf('default_locale')}
      >
        {(describedBy) => (
          <select
            id="lab-form-locale"
            aria-describedby={describedBy}
            data-testid="lab-form-locale"
            {...register('default_locale')}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LANGUAGE_NAMES[locale]}
              </option>
            ))}
          </select>
        )}
      </ControlField>
    </fieldset>
  );
}

const RETENTIONS = [
  { field: 'chat_retention_days', id: 'lab-form-chat-retention', label: 'chatRetention' },
  { field: 'attendance_retention_days', id: 'lab-form-attendance-retention', label: 'attendanceRetention' },
] as const;
const RETENTION_HINT = 'lab-form-retention-hint';

/**
 * How long the lab's events keep their chat and notes, and their participants' names: days after an
 * event's end, empty for good. A text field in numeric mode, not a number input, which reads an unreadable
 * entry as empty, that is as "keep for good".
 */
export function LabRetention() {
  const { t: ta } = useTranslation('admin');
  const { register } = useFormContext<LabFormValues>();
  const errorOf = useFieldError();
  return (
    <fieldset className="form-section" data-testid="lab-form-retention">
      <legend>{ta('labs.form.retention')}</legend>
      {/* Said with each field (aria-describedby), after its unit. */}
      <p id={RETENTION_HINT} className="field-hint">
        {ta('labs.form.retentionHint')}
      </p>
      <div className="field-row">
        {RETENTIONS.map(({ field, id, label }) => {
          const error = errorOf(field);
          const unit = `${id}-unit`;
          return (
            <ControlField key={field} id={id} label={ta(`labs.form.${label}`)} error={error}>
              {(describedBy) => (
                <span className="lab-days">
                  <input
                    id={id}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={ta('labs.form.kept')}
                    aria-describedby={[unit, RETENTION_HINT, describedBy].filter(Boolean).join(' ')}
                    aria-invalid={error !== undefined}
                    data-testid={id}
                    {...register(field, { setValueAs: retentionDaysOf })}
                  />
                  <span id={unit}>{ta('labs.form.daysAfterEvent')}</span>
                </span>
              )}
            </ControlField>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A new lab's first administrator. */
export function LabFirstAdmin() {
  const { t: ta } = useTranslation('admin');
  const { register } = useFormContext<LabFormValues>();
  const errorOf = useFieldError();
  const fields = [
    { name: 'admin.email', id: 'lab-admin-email', label: 'adminEmail', type: 'email', autoComplete: 'off' },
    {
      name: 'admin.first_name',
      id: 'lab-admin-first-name',
      label: 'adminFirstName',
      type: 'text',
      autoComplete: 'off',
    },
    {
      name: 'admin.last_name',
      id: 'lab-admin-last-name',
      label: 'adminLastName',
      type: 'text',
      autoComplete: 'off',
    },
  ] as const;
  return (
    <fieldset className="form-section" data-testid="lab-form-admin">
      <legend>{ta('labs.form.admin')}</legend>
      <p className="field-hint">{ta('labs.form.adminHint')}</p>
      {fields.map((field) => (
        <FormField
          key={field.id}
          id={field.id}
          label={ta(`labs.form.${field.label}`)}
          type={field.type}
          autoComplete={field.autoComplete}
          registration={register(field.name)}
          testId={field.id}
          error={errorOf(field.name)}
        />
      ))}
    </fieldset>
  );
}
