// The reason a confirmation or the user panel waits for before the change goes (issue 32).
import { REASON_MAX_LENGTH } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { reasonGate } from './reason.ts';

describe('a change that asks for its reason', () => {
  it('waits while the reason is empty or only spaces', () => {
    expect(reasonGate(true, '')).toEqual({ ready: false });
    expect(reasonGate(true, '  \n\t ')).toEqual({ ready: false });
  });

  it('goes with the reason typed, without the spaces around it', () => {
    expect(reasonGate(true, '  Doublon créé par erreur\n')).toEqual({
      ready: true,
      reason: 'Doublon créé par erreur',
    });
  });

  it('waits on a reason longer than the server keeps (the field stops typing there anyway)', () => {
    expect(reasonGate(true, 'x'.repeat(REASON_MAX_LENGTH))).toMatchObject({ ready: true });
    expect(reasonGate(true, 'x'.repeat(REASON_MAX_LENGTH + 1))).toEqual({ ready: false });
  });
});

describe('a change that does not ask', () => {
  it('goes at once, with no reason', () => {
    expect(reasonGate(false, '')).toEqual({ ready: true, reason: undefined });
    expect(reasonGate(false, 'typed before the question changed')).toEqual({
      ready: true,
      reason: undefined,
    });
  });
});
