// A value edited in place in a list (back-office spec 4: "Inline editing commits on Enter or on click
// elsewhere"): the value reads as a button; activated, it becomes a field; Enter or leaving the field
// commits a changed, valid value; Escape gives up. The field says what is wrong with a refused value.
// Left with Enter or Escape, the focus goes back to the value (the field it was in is gone).
import { useEffect, useId, useRef, useState } from 'react';
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
  const button = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);

  useEffect(() => {
    if (draft !== null || !refocus) return;
    setRefocus(false);
    button.current?.focus();
  }, [draft, refocus]);

  if (draft === null) {
    return (
      <button
        ref={button}
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

  /** `fromKeyboard`: Enter, whose field goes away with the focus in it; a blur has moved it already. */
  function commit(value: string, fromKeyboard = false) {
    const trimmed = value.trim();
    if (trimmed === props.value) {
      close(fromKeyboard);
      return;
    }
    const refusal = props.validate?.(trimmed) ?? null;
    if (refusal !== null) {
      setProblem(refusal);
      return;
    }
    close(fromKeyboard);
    props.onCommit(trimmed);
  }

  function close(keepFocus: boolean) {
    setDraft(null);
    setProblem(null);
    setRefocus(keepFocus);
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
            commit(event.currentTarget.value, true);
          } else if (event.key === 'Escape') {
            close(true);
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
