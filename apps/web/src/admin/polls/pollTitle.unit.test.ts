// The polls list's inline title edit: refused for what the server refuses, an empty one taken (the
// question then). The poll form itself is the room's (its rules are the domain's, tested there).
import type { PollView } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { titleProblem } from './pollTitle.ts';

const poll: PollView = {
  id: 7,
  title: 'Habits',
  question: 'Which formulation?',
  options: ['Tablets', 'Syrup'],
  answers: [0, 0],
  allowMultiple: false,
  active: false,
  event_id: null,
  room_id: null,
  created_at: '2026-11-24T09:00:00.000Z',
};

describe('the polls list’s title edit', () => {
  it('refuses an inline title the server would refuse, and takes an empty one (the question then)', () => {
    expect(titleProblem(poll, 'Preferences')).toBeNull();
    expect(titleProblem(poll, '')).toBeNull();
    expect(titleProblem(poll, 't'.repeat(501))).toBe('must be at most 500 characters');
    expect(titleProblem(poll, 'a\u0000b')).not.toBeNull();
  });
});
