// Decisions about the room's questions (questions.ts): anyone present asks and upvotes, the animators
// moderate (commandRules.ts). A guest acts only on questions they can see: another's question that is
// awaiting approval or hidden answers question_not_found, so a refusal never tells a guest it exists.
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import { isAskedBy, QUESTION_LIMITS, type Question, seesQuestion } from './questions.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import { isAnimator } from './roomRoles.ts';
import type { RoomState } from './roomState.ts';

export function askQuestion(
  state: RoomState,
  command: RoomCommandOf<'AskQuestion'>,
  context: DecideContext,
): Decision {
  const { questionId, anonymous } = command.data;
  const text = command.data.text.trim();
  if (text === '') return reject('blank_question');
  if (state.questions.some((question) => question.id === questionId)) return reject('duplicate_id');
  const { participantId, name, role } = context.actor;
  const asked = state.questions.filter((question) => isAskedBy(question, participantId)).length;
  if (asked >= QUESTION_LIMITS.perPerson) {
    return reject('question_limit', `At most ${QUESTION_LIMITS.perPerson} questions each.`);
  }
  if (state.questions.length >= QUESTION_LIMITS.perRoom) return reject('questions_full');
  const asker = { participantId, name };
  const askedEvent = {
    type: 'QuestionAsked',
    data: { questionId, asker, anonymous, text, at: context.now },
  } as const;
  // An animator's own question needs no one's approval.
  if (!isAnimator(role)) return accept(askedEvent);
  return accept(askedEvent, {
    type: 'QuestionApproved',
    data: { questionId, asker, anonymous, text, askedAt: context.now, by: participantId, at: context.now },
  });
}

export function upvoteQuestion(
  state: RoomState,
  command: RoomCommandOf<'UpvoteQuestion'>,
  context: DecideContext,
): Decision {
  const participantId = context.actor.participantId;
  const question = votable(state, command.data.questionId, context);
  if (!('id' in question)) return question;
  if (isAskedBy(question, participantId)) return reject('own_question');
  if (question.voters.includes(participantId)) return reject('already_upvoted');
  return accept({ type: 'QuestionUpvoted', data: { questionId: question.id, participantId } });
}

export function withdrawUpvote(
  state: RoomState,
  command: RoomCommandOf<'WithdrawUpvote'>,
  context: DecideContext,
): Decision {
  const participantId = context.actor.participantId;
  const question = votable(state, command.data.questionId, context);
  if (!('id' in question)) return question;
  if (!question.voters.includes(participantId)) return reject('not_upvoted');
  return accept({ type: 'QuestionUpvoteWithdrawn', data: { questionId: question.id, participantId } });
}

/** Votes go to approved questions the voter can see (a hidden or waiting one has none). */
function votable(state: RoomState, questionId: string, context: DecideContext): Question | Decision {
  const question = visibleQuestion(state, questionId, context);
  if (question === undefined) return reject('question_not_found');
  if (question.status !== 'approved') return reject('question_not_approved');
  return question;
}

function visibleQuestion(state: RoomState, questionId: string, context: DecideContext): Question | undefined {
  const reader = { participantId: context.actor.participantId, isAnimator: isAnimator(context.actor.role) };
  return state.questions.find((question) => question.id === questionId && seesQuestion(question, reader));
}

/**
 * The animators' moderation. approve: a waiting question only. hide: any question not hidden yet (final).
 * answer, pin, unpin: approved questions; answering also unpins, pinning one unpins the other. Asking for
 * what already holds (answered twice, pinned twice) is accepted and changes nothing.
 */
export function moderateQuestion(
  state: RoomState,
  command: RoomCommandOf<'ModerateQuestion'>,
  context: DecideContext,
): Decision {
  const { questionId, action } = command.data;
  const question = state.questions.find((candidate) => candidate.id === questionId);
  if (question === undefined) return reject('question_not_found');
  const by = context.actor.participantId;
  const at = context.now;
  if (action === 'approve') {
    if (question.status !== 'pending') return reject('question_not_pending');
    const { asker, anonymous, text, askedAt } = question;
    return accept({
      type: 'QuestionApproved',
      data: { questionId, asker, anonymous, text, askedAt, by, at },
    });
  }
  if (action === 'hide') {
    if (question.status === 'hidden') return accept();
    return accept({ type: 'QuestionHidden', data: { questionId, by, at } });
  }
  if (question.status !== 'approved') return reject('question_not_approved');
  switch (action) {
    case 'answer':
      return question.answered
        ? accept()
        : accept({ type: 'QuestionAnswered', data: { questionId, by, at } });
    case 'pin':
    case 'unpin': {
      const pinned = action === 'pin';
      if (question.pinned === pinned) return accept();
      return accept({ type: 'QuestionPinned', data: { questionId, pinned, by, at } });
    }
    default: {
      const unhandled: never = action;
      throw new Error(`Unhandled question action ${String(unhandled)}`);
    }
  }
}
