// The patient's gender: one of two radio buttons (f or m), grouped under a legend.

import { PATIENT_GENDERS } from '@lablive/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export function GenderField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const { t } = useTranslation('room');
  return (
    <fieldset
      className="field pv-field pv-radio-group"
      data-testid="pv-field-gender"
      aria-invalid={error !== undefined}
      aria-describedby={error === undefined ? undefined : 'pv-gender-error'}
    >
      <legend>{t('pharmacovigilance.fields.gender')}</legend>
      <div className="pv-radios">
        {PATIENT_GENDERS.map((gender) => (
          <label key={gender} className="pv-radio">
            <input type="radio" value={gender} data-testid={`pv-field-gender-${gender}`} {...registration} />
            {t(`pharmacovigilance.genders.${gender}`)}
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id="pv-gender-error" className="field-error" data-testid="pv-error-gender">
          {error}
        </p>
      )}
    </fieldset>
  );
}
