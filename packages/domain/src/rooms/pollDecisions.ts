// Decisions about live polls: the animator creates, edits, starts and closes them; everyone present
// answers an active poll once (live-room spec, sections 4 and 5).
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import { checkPollForm } from './polls.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import { findPoll, type RoomState } from './roomState.ts';

export function createPoll(
  state: RoomState,
  command: RoomCommandOf<'CreatePoll'>,
  context: DecideContext,
): Decision {
  const { pollId } = command.data;
  if (findPoll(state, pollId) !== undefined) return reject('duplicate_id');
  const form = checkPollForm(command.data);
  if (!form.ok) return reject('poll_invalid', form.reason);
  return accept({
    type: 'PollCreated',
    data: { pollId, ...form.content, by: context.actor.participantId, at: context.now },
  });
}

/**
 * Only a saved poll is edited (spec section 4: saved polls are the inactive ones, never started yet).
 * Once started, people have seen it, and maybe voted: editing it would change what their answers meant.
 */
export function editPoll(
  state: RoomState,
  command: RoomCommandOf<'EditPoll'>,
  context: DecideContext,
): Decision {
  const poll = findPoll(state, command.data.pollId);
  if (poll === undefined) return reject('poll_not_found');
  if (poll.status !== 'draft') return reject('poll_not_editable');
  const form = checkPollForm(command.data);
  if (!form.ok) return reject('poll_invalid', form.reason);
  return accept({
    type: 'PollEdited',
    data: { pollId: poll.id, ...form.content, by: context.actor.participantId },
  });
}

export function startPoll(
  state: RoomState,
  command: RoomCommandOf<'StartPoll'>,
  context: DecideContext,
): Decision {
  const poll = findPoll(state, command.data.pollId);
  if (poll === undefined) return reject('poll_not_found');
  if (poll.status === 'active') return reject('poll_already_active');
  return accept({
    type: 'PollStarted',
    data: { pollId: poll.id, by: context.actor.participantId, at: context.now },
  });
}

export function answerPoll(
  state: RoomState,
  command: RoomCommandOf<'AnswerPoll'>,
  context: DecideContext,
): Decision {
  const poll = findPoll(state, command.data.pollId);
  if (poll === undefined) return reject('poll_not_found');
  if (poll.status !== 'active') return reject('poll_not_active');
  const participantId = context.actor.participantId;
  if (poll.answeredBy.includes(participantId)) return reject('poll_already_answered');
  const { answers } = command.data;
  if (answers.length === 0) return reject('empty_answer');
  if (answers.some((index) => !Number.isInteger(index) || index < 0 || index >= poll.options.length)) {
    return reject('answer_out_of_range');
  }
  if (new Set(answers).size !== answers.length) return reject('duplicate_answer');
  if (answers.length > 1 && !poll.allowMultiple) return reject('single_choice_only');
  return accept({ type: 'PollAnswered', data: { pollId: poll.id, participantId, answers } });
}

export function closePoll(
  state: RoomState,
  command: RoomCommandOf<'ClosePoll'>,
  context: DecideContext,
): Decision {
  const poll = findPoll(state, command.data.pollId);
  if (poll === undefined) return reject('poll_not_found');
  if (poll.status !== 'active') return reject('poll_not_active');
  return accept({
    type: 'PollClosed',
    data: { pollId: poll.id, by: context.actor.participantId, at: context.now },
  });
}
