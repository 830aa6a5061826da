// What a participant sees in the polls tab (live-room spec, section 4): the first open poll, answered
// once (one radio for single choice, checkboxes for multiple), then "answer saved"; and for everyone
// who is not an animator, a badge counting the answers so far.
import type { Poll } from '@lablive/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { pollMachineOn } from './pollActors.ts';
import { hasAnswered, pollToAnswer } from './pollSelection.ts';
import { pollProblemText } from './pollTexts.ts';

export function ParticipantPoll() {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const poll = useRoomState((state) => pollToAnswer(state.polls));
  if (poll === null)
    return (
      <p className="sidebar-muted" data-testid="poll-none">
        {t('polls.noOpenPoll')}
      </p>
    );
  // A new poll is a new vote: the machine starts afresh with it.
  return <PollVote key={poll.id} poll={poll} answered={hasAnswered(poll, me.participantId)} />;
}

function PollVote({ poll, answered }: { poll: Poll; answered: boolean }) {
  const { t } = useTranslation('room');
  const room = useRoom();
  const logic = useMemo(() => pollMachineOn(room.send), [room.send]);
  const [snapshot, send] = useMachine(logic, { input: { side: 'participant', poll, answered } });

  useEffect(() => {
    send({ type: 'poll.synced', status: poll.status, answered });
  }, [poll.status, answered, send]);

  const { choices, problem } = snapshot.context;
  const submitting = snapshot.matches({ participant: 'submitting' });
  const answers = poll.answeredBy.length;
  const inputType = poll.allowMultiple ? 'checkbox' : 'radio';

  return (
    <article
      className="poll-vote"
      aria-labelledby={`poll-vote-title-${poll.id}`}
      data-testid={`poll-vote-${poll.id}`}
    >
      <div className="poll-card-head">
        <h3 id={`poll-vote-title-${poll.id}`} className="poll-card-title">
          {poll.title}
        </h3>
        <span className="poll-badge" data-testid="poll-badge" data-count={answers}>
          {t('polls.answers', { count: answers })}
        </span>
      </div>
      {snapshot.matches({ participant: 'voted' }) ? (
        <p className="form-success" role="status" data-testid="poll-voted">
          {t('polls.voted')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'vote.submit' });
          }}
        >
          <fieldset className="poll-choices" aria-describedby={`poll-vote-hint-${poll.id}`}>
            {/* The title is the question when the animator gave none: say it once on screen. */}
            <legend className={poll.title === poll.question ? 'visually-hidden' : 'poll-question'}>
              {poll.question}
            </legend>
            <p id={`poll-vote-hint-${poll.id}`} className="field-hint">
              {poll.allowMultiple ? t('polls.chooseMany') : t('polls.chooseOne')}
            </p>
            {poll.options.map((option, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is the one at its place in the poll
              <label key={index} className="poll-choice">
                <input
                  type={inputType}
                  name={`poll-${poll.id}`}
                  data-testid={`poll-vote-option-${index}`}
                  checked={choices.includes(index)}
                  onChange={(event) => send({ type: 'vote.choose', index, checked: event.target.checked })}
                />
                <span>{option}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="button button-primary"
            data-testid="poll-vote-submit"
            disabled={submitting}
          >
            {submitting ? t('polls.sending') : t('polls.submit')}
          </button>
          <SidebarError error={problem === null ? null : pollProblemText(t, problem)} testId="poll-error" />
        </form>
      )}
    </article>
  );
}
