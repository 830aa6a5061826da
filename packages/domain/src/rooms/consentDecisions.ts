// A guest's consents in the room's log (issue 33, part 1). Consents are given on the public page or the
// guest's event page, outside any room, and recorded there (the server's consent records); the room's
// log receives them when the guest enters (RecordConsents, sent by the server before JoinRoom) and when
// they withdraw one (WithdrawConsent), so the statistics, the replay and the signed log see them. Both
// are the server's own commands: a client cannot send them (roomCommands.ts).
import { accept, type DecideContext, type Decision } from './decision.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import type { RoomState } from './roomState.ts';

/** Each consent version not already in this room's log for the participant, as ConsentGiven. */
export function recordConsents(
  state: RoomState,
  command: RoomCommandOf<'RecordConsents'>,
  context: DecideContext,
): Decision {
  const participantId = context.actor.participantId;
  const logged = (consentId: number, version: number) =>
    state.consents.some(
      (given) =>
        given.participantId === participantId && given.consentId === consentId && given.version === version,
    );
  return accept(
    ...command.data.consents
      .filter((consent) => !logged(consent.consentId, consent.version))
      .map((consent) => ({
        type: 'ConsentGiven' as const,
        data: {
          participantId,
          consentId: consent.consentId,
          kind: consent.kind,
          version: consent.version,
          source: consent.source,
          at: consent.givenAt,
        },
      })),
  );
}

/** A withdrawal is logged whether or not the room saw the consent given: the guest's room hears of it. */
export function withdrawConsent(command: RoomCommandOf<'WithdrawConsent'>, context: DecideContext): Decision {
  const { consentId, kind, version, withdrawnAt } = command.data;
  return accept({
    type: 'ConsentWithdrawn',
    data: { participantId: context.actor.participantId, consentId, kind, version, at: withdrawnAt },
  });
}
