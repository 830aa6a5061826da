// A back-office form's field around a control the form draws itself (a select, a file, a time): the
// labelled field FormField draws too (components/LabelledControl); and a file input bound to a form field,
// alone or in its labelled field (a document's file, a media's build).
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { LabelledControl } from '../components/LabelledControl.tsx';

export { LabelledControl as ControlField } from '../components/LabelledControl.tsx';

type FileInputProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  accept: string;
  disabled: boolean;
  describedBy: string | undefined;
  invalid?: boolean;
  testId: string;
  /** After the field took the chosen file (null when the choice was emptied). */
  onChosen?: (file: File | null) => void;
};

/** A file input whose chosen file is the form field's value. */
export function FileInput<T extends FieldValues>(props: FileInputProps<T>) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <input
          id={props.id}
          type="file"
          accept={props.accept}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          disabled={props.disabled}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          data-testid={props.testId}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            field.onChange(chosen);
            props.onChosen?.(chosen);
          }}
        />
      )}
    />
  );
}

type FileFieldProps<T extends FieldValues> = Omit<FileInputProps<T>, 'describedBy' | 'invalid'> & {
  label: ReactNode;
  hint: ReactNode;
  error: string | undefined;
};

/** A labelled file field: its hint, and its error, which marks the input invalid. */
export function FileField<T extends FieldValues>({ label, hint, error, ...input }: FileFieldProps<T>) {
  return (
    <LabelledControl id={input.id} label={label} hint={hint} error={error} testId={input.testId}>
      {(describedBy) => <FileInput {...input} describedBy={describedBy} invalid={error !== undefined} />}
    </LabelledControl>
  );
}
