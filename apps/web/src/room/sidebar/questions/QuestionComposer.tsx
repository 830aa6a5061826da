// Where a question is asked: its words (up to QUESTION_LIMITS.text characters), and whether the other
// guests see who asked (the animators always do: the hint says so). The box empties at once and gets
// the words back if the room refuses them.
import { QUESTION_LIMITS } from '@lablive/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';

export function QuestionComposer() {
  const { t } = useTranslation('room');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const command = useCommand();
  const tooLong = draft.trim().length > QUESTION_LIMITS.text;
  const problem = tooLong ? t('questions.tooLong', { max: QUESTION_LIMITS.text }) : command.error;

  const submit = async () => {
    const text = draft.trim();
    if (text === '' || tooLong) return;
    setDraft('');
    const asked = await command.run({
      type: 'AskQuestion',
      data: { questionId: crypto.randomUUID(), text, anonymous },
    });
    if (!asked) setDraft((current) => (current === '' ? draft : current));
  };

  return (
    <form
      className="question-composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="question-label" htmlFor={`${id}-text`}>
        {t('questions.input')}
      </label>
      <textarea
        id={`${id}-text`}
        className="question-input"
        data-testid="question-input"
        rows={2}
        value={draft}
        maxLength={QUESTION_LIMITS.text + 100}
        aria-invalid={tooLong}
        aria-describedby={problem === null ? undefined : `${id}-problem`}
        onChange={(event) => {
          setDraft(event.target.value);
          command.clearError();
        }}
      />
      <div className="question-composer-row">
        <label className="question-anonymous">
          <input
            type="checkbox"
            data-testid="question-anonymous"
            checked={anonymous}
            aria-describedby={`${id}-anonymous-hint`}
            onChange={(event) => setAnonymous(event.target.checked)}
          />
          {t('questions.anonymous')}
        </label>
        <button
          type="submit"
          className="button button-primary button-small"
          data-testid="question-submit"
          disabled={command.pending || draft.trim() === '' || tooLong}
        >
          {t('questions.ask')}
        </button>
      </div>
      <p id={`${id}-anonymous-hint`} className="sidebar-muted question-hint">
        {t('questions.anonymousHint')}
      </p>
      <SidebarError error={problem} id={`${id}-problem`} testId="question-problem" />
    </form>
  );
}
