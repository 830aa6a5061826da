// When a change may go, as far as its reason goes (issue 32): a dialog or a form that asks for a reason
// waits for some text that is not only spaces, and sends it trimmed; one that does not ask sends none.
import { REASON_MAX_LENGTH } from '@lablive/domain';

export type ReasonGate = { ready: true; reason: string | undefined } | { ready: false };

export function reasonGate(asked: boolean, typed: string): ReasonGate {
  if (!asked) return { ready: true, reason: undefined };
  const reason = typed.trim();
  if (reason === '' || reason.length > REASON_MAX_LENGTH) return { ready: false };
  return { ready: true, reason };
}
