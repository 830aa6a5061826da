// Which poll a participant is shown (live-room spec, section 4: the first poll of the list that is
// open) and whether they already answered it; what an animator sees results for.
import type { Poll } from '@lablive/domain';

export function pollToAnswer(polls: readonly Poll[]): Poll | null {
  return polls.find((poll) => poll.status === 'active') ?? null;
}

export function hasAnswered(poll: Poll, participantId: number): boolean {
  return poll.answeredBy.includes(participantId);
}

/** Active or answered polls show their results to the animator (section 4). */
export function showsResults(poll: Poll): boolean {
  return poll.status === 'active' || poll.answeredBy.length > 0;
}
