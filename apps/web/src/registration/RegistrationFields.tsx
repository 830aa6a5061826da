// The custom fields of an event's registration form as a guest fills them (issue 33, part 5): a text
// field, a choice (a select), a yes/no (a checkbox), each labelled in the page's language, marked
// required or optional, with its problem under it.
import type { Locale, RegistrationField } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../components/LabelledControl.tsx';

export type Answers = Record<string, string | boolean>;

type Props = {
  fields: readonly RegistrationField[];
  locale: Locale;
  answers: Answers;
  problems: Readonly<Record<string, string>>;
  onChange: (key: string, value: string | boolean) => void;
};

export function RegistrationFields({ fields, locale, answers, problems, onChange }: Props) {
  return fields.map((field) => (
    <AnswerField
      key={field.key}
      field={field}
      locale={locale}
      value={answers[field.key]}
      problem={problems[field.key]}
      onChange={(value) => onChange(field.key, value)}
    />
  ));
}

function AnswerField(props: {
  field: RegistrationField;
  locale: Locale;
  value: string | boolean | undefined;
  problem: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const { field, locale, value, problem, onChange } = props;
  const { t } = useTranslation();
  const id = `registration-field-${field.key}`;
  const label = `${field.label[locale]}${field.required ? '' : ` ${t('registration.optional')}`}`;
  if (field.type === 'yes_no') {
    const errorId = `${id}-error`;
    return (
      <div className="field field-checkbox">
        <label htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-required={field.required}
            aria-invalid={problem !== undefined}
            aria-describedby={problem === undefined ? undefined : errorId}
            data-testid={id}
            onChange={(event) => onChange(event.target.checked)}
          />{' '}
          {label}
        </label>
        {problem !== undefined && (
          <p id={errorId} className="field-error" data-testid={`${id}-error`}>
            {problem}
          </p>
        )}
      </div>
    );
  }
  return (
    <LabelledControl id={id} label={label} error={problem}>
      {(describedBy) =>
        field.type === 'choice' ? (
          <select
            id={id}
            value={typeof value === 'string' ? value : ''}
            aria-required={field.required}
            aria-invalid={problem !== undefined}
            aria-describedby={describedBy}
            data-testid={id}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">{t('registration.choose')}</option>
            {field.choices.map((choice) => (
              <option key={choice.key} value={choice.key}>
                {choice.label[locale]}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            type="text"
            value={typeof value === 'string' ? value : ''}
            aria-required={field.required}
            aria-invalid={problem !== undefined}
            aria-describedby={describedBy}
            data-testid={id}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </LabelledControl>
  );
}
