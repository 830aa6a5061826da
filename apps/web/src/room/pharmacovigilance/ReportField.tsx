// One labelled field of the pharmacovigilance form (text, e-mail, phone, multi-line or select), with
// its hint and translated error linked to the control through aria-describedby.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ReportField as FieldName } from './reportForm.ts';

type Control =
  | { kind: 'input'; type: 'text' | 'email' | 'tel'; autoComplete?: string; inputMode?: 'numeric' | 'tel' }
  | { kind: 'textarea' }
  | { kind: 'select'; options: readonly { value: string; label: string }[]; placeholder: string };

type ReportFieldProps = {
  name: FieldName;
  label: string;
  registration: UseFormRegisterReturn;
  control: Control;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
};

export function ReportField({
  name,
  label,
  registration,
  control,
  error,
  hint,
  placeholder,
}: ReportFieldProps) {
  const id = `pv-${name}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((value) => value !== null)
    .join(' ');
  const common = {
    id,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    'aria-required': true,
    'data-testid': `pv-field-${name}`,
    ...registration,
  };
  return (
    <div className={control.kind === 'textarea' ? 'field pv-field pv-field-wide' : 'field pv-field'}>
      <label htmlFor={id}>{label}</label>
      {control.kind === 'input' && (
        <input
          type={control.type}
          autoComplete={control.autoComplete ?? 'off'}
          inputMode={control.inputMode}
          placeholder={placeholder}
          {...common}
        />
      )}
      {control.kind === 'textarea' && <textarea rows={4} {...common} />}
      {control.kind === 'select' && (
        <select {...common}>
          <option value="">{control.placeholder}</option>
          {control.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field-error" data-testid={`pv-error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
