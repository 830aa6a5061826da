// A value edited in place in a list (back-office spec 4: "Inline editing commits on Enter or on click
// elsewhere"): the value reads as a button; activated, it becomes a field; Enter or leaving the field
// commits a changed, valid value; Escape gives up. The field says what is wrong with a refused value.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function InlineText(props: {
  value: string;
  /** What the field edits, for screen readers ("E-mail of a@b.c"). */
  label: string;
  /** A message when the value cannot be saved, else null. */
  validate?: (value: string) => string | null;
  onCommit: (value: string) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  if (draft === null) {
    return (
      <button
        type="button"
        className="inline-text"
        disabled={props.disabled}
        aria-label={t('list.editValue', { label: props.label })}
        data-testid={props.testId}
        onClick={() => setDraft(props.value)}
      >
        {props.value}
      </button>
    );
  }

  function commit(value: string) {
    const trimmed = value.trim();
    if (trimmed === props.value) {
      setDraft(null);
      setProblem(null);
      return;
    }
    const refusal = props.validate?.(trimmed) ?? null;
    if (refusal !== null) {
      setProblem(refusal);
      return;
    }
    setDraft(null);
    setProblem(null);
    props.onCommit(trimmed);
  }

  return (
    <span className="inline-text-field">
      <input
        // Activated by the user, the field takes the focus that the button had.
        // biome-ignore lint/a11y/noAutofocus: the field replaces the focused button.
        autoFocus
        value={draft}
        aria-label={props.label}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? errorId : undefined}
        data-testid={`${props.testId}-input`}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(event.currentTarget.value);
          } else if (event.key === 'Escape') {
            setDraft(null);
            setProblem(null);
          }
        }}
      />
      {problem !== null && (
        <span id={errorId} className="form-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
