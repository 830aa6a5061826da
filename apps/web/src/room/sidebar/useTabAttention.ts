// Which tabs wait for this person while they look elsewhere: an open poll they have not answered, or
// an animator's request for notes they have not handed in (participants only: animators ask); for the
// animators, a question awaiting their approval.
import { useRoom, useRoomState } from '../roomContext.ts';
import { hasAnswered, pollToAnswer } from './polls/pollSelection.ts';

export type TabAttention = { polls: boolean; notes: boolean; questions: boolean };

export function useTabAttention(): TabAttention {
  const { me } = useRoom();
  const polls = useRoomState((state) => {
    const poll = pollToAnswer(state.polls);
    return !me.isAnimator && poll !== null && !hasAnswered(poll, me.participantId);
  });
  const notes = useRoomState(
    (state) =>
      !me.isAnimator &&
      state.notesRequests.some(
        (request) => !request.submissions.some((submission) => submission.participantId === me.participantId),
      ),
  );
  const questions = useRoomState(
    (state) => me.isAnimator && state.questions.some((question) => question.status === 'pending'),
  );
  return { polls, notes, questions };
}
