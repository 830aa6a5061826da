// One poll of the room as an animator runs it: its status, Edit while saved (the poll form, prefilled),
// Start (or Start again once closed) and Close, and its results once it is active or answered. The poll
// machine follows the room's status, so a poll another animator started shows as active here too, and
// the card shows the poll as the room has it, edited by anyone.
import type { Poll } from '@lablive/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { PollForm } from './PollForm.tsx';
import { PollResults } from './PollResults.tsx';
import { pollMachineOn } from './pollActors.ts';
import { showsResults } from './pollSelection.ts';
import { pollProblemText } from './pollTexts.ts';

export function AnimatorPollCard({ poll }: { poll: Poll }) {
  const { t } = useTranslation('room');
  const room = useRoom();
  const logic = useMemo(() => pollMachineOn(room.send), [room.send]);
  const [snapshot, send] = useMachine(logic, {
    input: { side: 'animator', poll, newId: () => crypto.randomUUID() },
  });

  useEffect(() => {
    send({ type: 'poll.synced', status: poll.status, answered: false });
  }, [poll.status, send]);

  const starting = snapshot.matches({ animator: 'starting' });
  const closing = snapshot.matches({ animator: 'closing' });
  const canStart =
    snapshot.matches({ animator: 'saved' }) || snapshot.matches({ animator: 'closed' }) || starting;
  const canClose = snapshot.matches({ animator: 'active' }) || closing;
  const canEdit = snapshot.matches({ animator: 'saved' }) || starting;
  const updating = snapshot.matches({ animator: 'updating' });
  const editing = snapshot.matches({ animator: 'editing' }) || updating;
  const { problem } = snapshot.context;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // Leaving the form (saved or cancelled) gives the focus back to Edit, where the keyboard left off.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <li className="poll-card" data-testid={`poll-${poll.id}`} data-status={poll.status}>
      <div className="poll-card-head">
        <h4 className="poll-card-title">{poll.title}</h4>
        <span className="poll-status" data-status={poll.status}>
          {t(`polls.status.${poll.status}`)}
        </span>
      </div>
      {poll.title !== poll.question && <p className="poll-card-question">{poll.question}</p>}
      {editing ? (
        <PollForm
          name={`poll-${poll.id}-edit`}
          heading={t('polls.editHeading')}
          submitLabel={t('polls.saveChanges')}
          busy={updating}
          form={snapshot.context.form}
          problem={problem}
          onEdit={send}
          onSubmit={() => send({ type: 'poll.save' })}
          onCancel={() => send({ type: 'poll.cancel' })}
          focusOnOpen
        />
      ) : (
        <div className="poll-card-actions">
          {canStart && (
            <button
              type="button"
              className="button button-primary button-small"
              data-testid={`poll-start-${poll.id}`}
              disabled={starting}
              onClick={() => send({ type: 'poll.start' })}
            >
              {poll.status === 'closed' ? t('polls.startAgain') : t('polls.start')}
            </button>
          )}
          {canEdit && (
            <button
              ref={editButton}
              type="button"
              className="button button-secondary button-small"
              data-testid={`poll-edit-${poll.id}`}
              // Several saved polls each have an Edit: the name says which one (and starts with "Edit").
              aria-label={t('polls.editPoll', { title: poll.title })}
              disabled={starting}
              onClick={() => send({ type: 'poll.edit', poll })}
            >
              {t('polls.edit')}
            </button>
          )}
          {canClose && (
            <button
              type="button"
              className="button button-secondary button-small"
              data-testid={`poll-close-${poll.id}`}
              disabled={closing}
              onClick={() => send({ type: 'poll.close' })}
            >
              {t('polls.close')}
            </button>
          )}
        </div>
      )}
      {showsResults(poll) && <PollResults poll={poll} />}
      {/* The edit form shows its own reasons, next to its fields. */}
      <SidebarError
        error={problem !== null && !editing ? pollProblemText(t, problem) : null}
        testId="poll-error"
      />
    </li>
  );
}
