// Decisions of the lobby (lobby.ts): a guest knocks or gives up waiting, a host admits one or everyone,
// denies one, locks and unlocks the room, and removes a guest. Knocking and giving up come from outside
// the room (COMMAND_RULES' `fromOutside`); the others are the hosts' (animatorOnly).
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import { entryRefusal, findKnock } from './lobby.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import type { SessionEvent } from './roomEvents.ts';
import { isAnimator } from './roomRoles.ts';
import { findViewer, type RoomState } from './roomState.ts';

/** A guest asks to come in. Knocking again while waiting, or without need, changes nothing. */
export function knockToEnter(state: RoomState, context: DecideContext): Decision {
  const { participantId, role } = context.actor;
  const refusal = entryRefusal(state, context.actor);
  // Nothing to wait for (no lobby, a host, someone let in already): the gateway tells them to come in.
  if (refusal === null) return accept();
  if (refusal !== 'lobby_wait') return reject(refusal);
  if (findKnock(state, participantId) !== undefined) return accept();
  return accept({ type: 'ParticipantKnocked', data: { participantId, role, at: context.now } });
}

/** The waiting guest left the waiting room (or lost it): their knock goes from the hosts' list. */
export function withdrawKnock(state: RoomState, context: DecideContext): Decision {
  const { participantId } = context.actor;
  if (findKnock(state, participantId) === undefined) return accept();
  return accept({ type: 'KnockWithdrawn', data: { participantId, at: context.now } });
}

export function admitParticipant(
  state: RoomState,
  command: RoomCommandOf<'AdmitParticipant' | 'DenyParticipant'>,
  context: DecideContext,
): Decision {
  const { participantId } = command.data;
  if (findKnock(state, participantId) === undefined) return reject('knock_not_found');
  const data = { participantId, by: context.actor.participantId, at: context.now };
  return accept(
    command.type === 'AdmitParticipant'
      ? { type: 'ParticipantAdmitted', data }
      : { type: 'ParticipantDenied', data },
  );
}

/** Everyone waiting comes in, in the order they knocked. */
export function admitEveryone(state: RoomState, context: DecideContext): Decision {
  const by = context.actor.participantId;
  return accept(
    ...state.lobby.knocking.map(
      (knock): SessionEvent => ({
        type: 'ParticipantAdmitted',
        data: { participantId: knock.participantId, by, at: context.now },
      }),
    ),
  );
}

/** Locking turns away whoever is still knocking: nobody new comes in while the room is locked. */
export function lockRoom(state: RoomState, context: DecideContext): Decision {
  if (state.lobby.locked) return accept();
  const by = context.actor.participantId;
  return accept(
    ...state.lobby.knocking.map(
      (knock): SessionEvent => ({
        type: 'ParticipantDenied',
        data: { participantId: knock.participantId, by, at: context.now },
      }),
    ),
    { type: 'RoomLocked', data: { by, at: context.now } },
  );
}

export function unlockRoom(state: RoomState, context: DecideContext): Decision {
  if (!state.lobby.locked) return accept();
  return accept({ type: 'RoomUnlocked', data: { by: context.actor.participantId, at: context.now } });
}

/**
 * A host sends a guest out: all their connections leave at once (the speaker and the screen share go
 * with them), and they may not come back into this session. Hosts are not removed.
 */
export function removeParticipant(
  state: RoomState,
  command: RoomCommandOf<'RemoveParticipant'>,
  context: DecideContext,
): Decision {
  const target = findViewer(state, command.data.participantId);
  if (target === undefined) return reject('viewer_not_found');
  if (isAnimator(target.role)) return reject('host_not_removable');
  const participantId = target.id;
  const { now } = context;
  const events: SessionEvent[] = [];
  if (state.speakerId === participantId)
    events.push({ type: 'SpeakerChanged', data: { participantId: null, at: now } });
  const connectionId = target.connections.at(-1) ?? '';
  events.push(
    { type: 'ParticipantLeft', data: { participantId, reason: 'kicked', connectionId, at: now } },
    { type: 'ParticipantRemoved', data: { participantId, by: context.actor.participantId, at: now } },
  );
  return accept(...events);
}
