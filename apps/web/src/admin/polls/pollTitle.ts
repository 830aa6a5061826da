// The polls list's inline title edit (back-office spec 2.6): what it saves, and why the server would
// refuse it, checked with the domain's poll form rules (the poll form itself is the room's, PollForm).
import { type PollFormInput, type PollView, parsePollForm } from '@lablive/domain';

/** A poll's content with another title: what the list's inline title edit saves. */
export function withTitle(poll: PollView, title: string): PollFormInput {
  return { title, question: poll.question, options: poll.options, allowMultiple: poll.allowMultiple };
}

/** Why the title cannot be saved (too long, or text PostgreSQL refuses), or null. */
export function titleProblem(poll: PollView, title: string): string | null {
  const check = parsePollForm(withTitle(poll, title));
  return check.ok ? null : check.reason;
}
