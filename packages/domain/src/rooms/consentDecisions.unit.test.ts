import { describe, expect, it } from 'vitest';
import { animator, given, joined, LATER, NOW, participant } from '../testing/roomSpecification.ts';
import { clientRoomCommandSchema, type RoomCommandInput } from './roomCommands.ts';
import type { SessionEvent } from './roomEvents.ts';
import { stateFor } from './visibility.ts';

const dataProcessing = { consentId: 3, kind: 'data_processing', version: 2, source: 'invitation' } as const;
const record: RoomCommandInput = {
  type: 'RecordConsents',
  data: { consents: [{ ...dataProcessing, givenAt: NOW }] },
};
const given2: SessionEvent = {
  type: 'ConsentGiven',
  data: { participantId: participant.participantId, ...dataProcessing, at: NOW },
};

describe('a guest’s consents in the room’s log', () => {
  it('logs a consent version the room has not seen, before the guest joins', () => {
    given([]).when(record, participant).then([given2]);
  });

  it('logs it once: entering again records nothing new', () => {
    given([given2]).when(record, participant).then([]);
  });

  it('logs a new version accepted after an edit of the text', () => {
    const newer: RoomCommandInput = {
      type: 'RecordConsents',
      data: { consents: [{ ...dataProcessing, version: 3, givenAt: LATER }] },
    };
    given([given2])
      .when(newer, participant)
      .then([
        {
          type: 'ConsentGiven',
          data: { participantId: participant.participantId, ...dataProcessing, version: 3, at: LATER },
        },
      ]);
  });

  it('logs a withdrawal, after which entering logs the consent again', () => {
    const withdrawn: SessionEvent = {
      type: 'ConsentWithdrawn',
      data: { participantId: 2, consentId: 3, kind: 'data_processing', version: 2, at: LATER },
    };
    given([given2])
      .when(
        {
          type: 'WithdrawConsent',
          data: { consentId: 3, kind: 'data_processing', version: 2, withdrawnAt: LATER },
        },
        participant,
      )
      .then([withdrawn]);
    given([given2, withdrawn]).when(record, participant).then([given2]);
  });

  it('shows a guest their own consents only; the animators everyone’s', () => {
    const state = given([joined(animator), given2]).when(record, participant).state;
    expect(stateFor(state, { participantId: 5, isAnimator: false }).consents).toEqual([]);
    expect(stateFor(state, { participantId: 2, isAnimator: false }).consents).toHaveLength(1);
    expect(stateFor(state, { participantId: 1, isAnimator: true }).consents).toHaveLength(1);
  });

  it('is not something a client can send', () => {
    expect(clientRoomCommandSchema.safeParse(record).success).toBe(false);
  });
});
