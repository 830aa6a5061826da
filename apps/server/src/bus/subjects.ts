// Subject syntax and wildcard matching, NATS's rules: both adapters refuse the same subjects, and the
// in-process bus routes exactly as a NATS server would.
import { BusError } from './errors.ts';

function problemOf(subject: string, wildcards: boolean): string | undefined {
  if (subject.length === 0) return 'is empty';
  if (/\s/.test(subject)) return 'contains white space';
  const tokens = subject.split('.');
  if (tokens.some((token) => token.length === 0)) return 'has an empty token';
  const isWild = (token: string) => token === '*' || token === '>';
  if (tokens.some((token) => !isWild(token) && /[*>]/.test(token))) return 'has a wildcard inside a token';
  if (!wildcards && tokens.some(isWild)) return 'has a wildcard (only subscriptions may)';
  if (tokens.slice(0, -1).includes('>')) return "has '>' before its last token";
  return undefined;
}

/** Throws BusError('invalid_subject') unless `subject` is valid; wildcards only when `wildcards`. */
export function assertSubject(subject: string, options: { wildcards: boolean }): void {
  const problem = problemOf(subject, options.wildcards);
  if (problem !== undefined) throw new BusError('invalid_subject', `Subject "${subject}" ${problem}`);
}

export function isWildcard(pattern: string): boolean {
  return pattern.split('.').some((token) => token === '*' || token === '>');
}

/** Whether a literal subject matches a (valid) subscription pattern. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const actual = subject.split('.');
  for (let index = 0; index < wanted.length; index++) {
    const token = wanted[index];
    if (token === '>') return actual.length > index;
    if (index >= actual.length) return false;
    if (token !== '*' && token !== actual[index]) return false;
  }
  return actual.length === wanted.length;
}
