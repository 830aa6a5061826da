// A labelled input with its hint and error, linked to the input through aria-describedby; and a form's
// fields drawn from a table of them.
import type { HTMLInputTypeAttribute } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/messages.ts';
import { LabelledControl } from './LabelledControl.tsx';

type FormFieldProps = {
  id: string;
  label: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  registration: UseFormRegisterReturn;
  testId: string;
  error?: string | undefined;
  hint?: string | undefined;
};

export function FormField(props: FormFieldProps) {
  const { id, label, type, autoComplete, registration, testId, error, hint } = props;
  return (
    <LabelledControl id={id} label={label} hint={hint} error={error} testId={testId}>
      {(describedBy) => (
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...registration}
        />
      )}
    </LabelledControl>
  );
}

/** One field of a card's form, as a row of its table: its id is its test id too. */
export type FieldRow<Name extends string> = {
  name: Name;
  id: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
};

type BoundFieldsProps<T extends FieldValues, V extends FieldValues, Name extends Path<T>> = {
  form: UseFormReturn<T, unknown, V>;
  fields: readonly FieldRow<Name>[];
  label: (name: Name) => string;
  hint?: (name: Name) => string | undefined;
};

/** A form's fields from their table, each registered on the form and showing its translated error. */
export function BoundFields<T extends FieldValues, V extends FieldValues, Name extends Path<T>>(
  props: BoundFieldsProps<T, V, Name>,
) {
  const { form, fields, label, hint } = props;
  const { t } = useTranslation();
  return fields.map(({ name, id, type, autoComplete }) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return (
      <FormField
        key={id}
        id={id}
        label={label(name)}
        type={type}
        autoComplete={autoComplete}
        registration={form.register(name)}
        testId={id}
        error={message === undefined ? undefined : translateMessage(t, message)}
        hint={hint?.(name)}
      />
    );
  });
}
