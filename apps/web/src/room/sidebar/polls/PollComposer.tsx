// The animator's new-poll form (live-room spec, section 5): title (the question when left empty),
// question, two to ten options, multiple choice on by default. The poll machine checks it with the
// domain's rules and saves it (CreatePoll with a fresh id); the panel then starts a fresh form.
import { MIN_POLL_OPTIONS, ROOM_COMMAND_LIMITS } from '@lablive/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../../roomContext.ts';
import { pollMachineOn } from './pollActors.ts';
import { pollProblemText } from './pollTexts.ts';

export function PollComposer({ onSaved }: { onSaved(pollId: string): void }) {
  const { t } = useTranslation('room');
  const room = useRoom();
  const logic = useMemo(() => pollMachineOn(room.send), [room.send]);
  const [snapshot, send] = useMachine(logic, {
    input: { side: 'animator', poll: null, newId: () => crypto.randomUUID() },
  });
  const { form, problem, pollId } = snapshot.context;
  const saving = snapshot.matches({ animator: 'saving' });
  const savedId = snapshot.matches({ animator: 'saved' }) ? pollId : null;
  const optionCount = form.options.length;
  const lastOption = useRef<HTMLInputElement>(null);
  const previousCount = useRef(optionCount);

  useEffect(() => {
    if (savedId !== null) onSaved(savedId);
  }, [savedId, onSaved]);

  // A new option gets the focus, so adding one from the keyboard goes straight to typing it.
  useEffect(() => {
    if (optionCount > previousCount.current) lastOption.current?.focus();
    previousCount.current = optionCount;
  }, [optionCount]);

  const formProblem = problem === null ? null : pollProblemText(t, problem);

  return (
    <form
      className="poll-form"
      noValidate
      aria-labelledby="poll-form-title"
      aria-describedby={formProblem === null ? undefined : 'poll-error'}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'poll.save' });
      }}
    >
      <h3 id="poll-form-title" className="sidebar-subheading">
        {t('polls.newPoll')}
      </h3>
      <div className="field">
        <label htmlFor="poll-title">{t('polls.title')}</label>
        <input
          id="poll-title"
          data-testid="poll-title"
          value={form.title}
          maxLength={ROOM_COMMAND_LIMITS.pollTitle}
          aria-describedby="poll-title-hint"
          onChange={(event) => send({ type: 'form.title', value: event.target.value })}
        />
        <p id="poll-title-hint" className="field-hint">
          {t('polls.titleHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="poll-question">{t('polls.question')}</label>
        <input
          id="poll-question"
          data-testid="poll-question"
          value={form.question}
          maxLength={ROOM_COMMAND_LIMITS.pollQuestion}
          required
          onChange={(event) => send({ type: 'form.question', value: event.target.value })}
        />
      </div>
      <fieldset className="poll-options-field">
        <legend>{t('polls.options')}</legend>
        {form.options.map((option, index) => (
          // Options have no identity but their place; the inputs are controlled, so the index is enough.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div className="poll-option-row" key={index}>
            <label className="visually-hidden" htmlFor={`poll-option-${index}`}>
              {t('polls.option', { number: index + 1 })}
            </label>
            <input
              id={`poll-option-${index}`}
              ref={index === optionCount - 1 ? lastOption : undefined}
              data-testid={`poll-option-${index}`}
              value={option}
              placeholder={t('polls.option', { number: index + 1 })}
              maxLength={ROOM_COMMAND_LIMITS.pollOption}
              onChange={(event) => send({ type: 'form.option', index, value: event.target.value })}
            />
            <button
              type="button"
              className="icon-button"
              data-testid={`poll-remove-option-${index}`}
              aria-label={t('polls.removeOption', { number: index + 1 })}
              title={t('polls.removeOption', { number: index + 1 })}
              disabled={optionCount <= MIN_POLL_OPTIONS}
              onClick={() => send({ type: 'form.removeOption', index })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-secondary button-small"
          data-testid="poll-add-option"
          disabled={optionCount >= ROOM_COMMAND_LIMITS.pollOptions}
          onClick={() => send({ type: 'form.addOption' })}
        >
          + {t('polls.addOption')}
        </button>
      </fieldset>
      <div className="checkbox-field">
        <input
          id="poll-multiple"
          type="checkbox"
          data-testid="poll-multiple"
          checked={form.allowMultiple}
          onChange={(event) => send({ type: 'form.multiple', value: event.target.checked })}
        />
        <label htmlFor="poll-multiple">{t('polls.multiple')}</label>
      </div>
      <button type="submit" className="button button-primary" data-testid="poll-save" disabled={saving}>
        {saving ? t('polls.saving') : t('polls.save')}
      </button>
      {formProblem !== null && (
        <p id="poll-error" className="sidebar-error" role="alert" data-testid="poll-error">
          {formProblem}
        </p>
      )}
    </form>
  );
}
