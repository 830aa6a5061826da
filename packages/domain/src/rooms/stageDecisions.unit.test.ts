import { describe, expect, it } from 'vitest';
import {
  animator,
  given,
  joined,
  LATER,
  NOW,
  observerAnimator,
  participant,
} from '../testing/roomSpecification.ts';
import type { SessionEvent } from './roomEvents.ts';

const EVEN_LATER = '2024-05-14T10:15:00.000Z';

const room = [joined(animator), joined(participant)];
const brochure = { id: 11, name: 'Brochure', extension: 'pdf' };
const slides = { id: 12, name: 'Slides', extension: 'pptx' };
const shared = (document: typeof brochure): SessionEvent => ({
  type: 'DocumentShared',
  data: { document, by: 1, at: NOW },
});

describe('ShareDocuments', () => {
  it('shares each document and counts every share for the notification badge', () => {
    const state = given([
      ...room,
      shared(brochure),
      { type: 'DocumentUnshared', data: { documentId: 11, by: 1 } },
    ])
      .when({ type: 'ShareDocuments', data: { documents: [brochure, slides] } }, animator)
      .then([shared(brochure), shared(slides)]);
    expect(state.sharedDocuments).toEqual([brochure, slides]);
    expect(state.shareCount).toBe(3);
  });

  it('skips documents already shared, and those listed twice', () => {
    given([...room, shared(brochure)])
      .when({ type: 'ShareDocuments', data: { documents: [brochure, slides, slides] } }, animator)
      .then([shared(slides)]);
  });

  it('refuses when every document is already shared', () => {
    given([...room, shared(brochure)])
      .when({ type: 'ShareDocuments', data: { documents: [brochure] } }, animator)
      .thenRejects('already_shared');
  });
});

describe('UnshareDocument', () => {
  it('takes a document back', () => {
    const state = given([...room, shared(brochure), shared(slides)])
      .when({ type: 'UnshareDocument', data: { documentId: 11 } }, animator)
      .then([{ type: 'DocumentUnshared', data: { documentId: 11, by: 1 } }]);
    expect(state.sharedDocuments).toEqual([slides]);
    expect(state.shareCount).toBe(2);
  });

  it('refuses a document that is not shared', () => {
    given(room)
      .when({ type: 'UnshareDocument', data: { documentId: 11 } }, animator)
      .thenRejects('document_not_shared');
  });
});

describe('StartScreenShare', () => {
  it("puts an animator's screen on the stage", () => {
    const state = given(room)
      .when({ type: 'StartScreenShare', data: { streamId: 'screen-1' } }, animator)
      .then([{ type: 'ScreenShareStarted', data: { participantId: 1, streamId: 'screen-1' } }]);
    expect(state.screenShare).toEqual({ participantId: 1, streamId: 'screen-1' });
  });

  it('replaces the stream when the same animator shares again', () => {
    given([...room, { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 'screen-1' } }])
      .when({ type: 'StartScreenShare', data: { streamId: 'screen-2' } }, animator)
      .then([
        { type: 'ScreenShareStopped', data: { participantId: 1, by: 1 } },
        { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 'screen-2' } },
      ]);
  });

  it('refuses while another animator is sharing', () => {
    given([
      ...room,
      joined(observerAnimator),
      { type: 'ScreenShareStarted', data: { participantId: 4, streamId: 's' } },
    ])
      .when({ type: 'StartScreenShare', data: { streamId: 'screen-1' } }, animator)
      .thenRejects('screen_share_in_use');
  });
});

describe('StopScreenShare', () => {
  it('lets any animator stop the share, naming the sharer and who stopped it', () => {
    const state = given([
      ...room,
      joined(observerAnimator),
      { type: 'ScreenShareStarted', data: { participantId: 4, streamId: 's' } },
    ])
      .when({ type: 'StopScreenShare', data: {} }, animator)
      .then([{ type: 'ScreenShareStopped', data: { participantId: 4, by: 1 } }]);
    expect(state.screenShare).toBeNull();
  });

  it('refuses when nothing is shared', () => {
    given(room).when({ type: 'StopScreenShare', data: {} }, animator).thenRejects('screen_share_not_active');
  });
});

describe('SetPresentationScene', () => {
  it('changes the scene, which starts at its first step', () => {
    const state = given([...room, { type: 'PresentationStepChanged', data: { step: 4, by: 1 } }])
      .when({ type: 'SetPresentationScene', data: { scene: ' intro ' } }, animator)
      .then([{ type: 'PresentationSceneChanged', data: { scene: 'intro', by: 1 } }]);
    expect(state.presentation).toEqual({ scene: 'intro', step: 0 });
  });

  it('stops an active screen share first (spec section 4)', () => {
    const state = given([...room, { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 's' } }])
      .when({ type: 'SetPresentationScene', data: { scene: 'demo' } }, animator)
      .then([
        { type: 'ScreenShareStopped', data: { participantId: 1, by: 1 } },
        { type: 'PresentationSceneChanged', data: { scene: 'demo', by: 1 } },
      ]);
    expect(state.screenShare).toBeNull();
    expect(state.presentation.scene).toBe('demo');
  });
});

describe('SetPresentationStep', () => {
  it('moves the presentation to a step', () => {
    const state = given([...room, { type: 'PresentationSceneChanged', data: { scene: 'demo', by: 1 } }])
      .when({ type: 'SetPresentationStep', data: { step: 3 } }, animator)
      .then([{ type: 'PresentationStepChanged', data: { step: 3, by: 1 } }]);
    expect(state.presentation).toEqual({ scene: 'demo', step: 3 });
  });
});

describe('StartSession and EndSession', () => {
  it('starts the meeting timer', () => {
    const state = given(room)
      .when({ type: 'StartSession', data: {} }, animator)
      .then([{ type: 'SessionStarted', data: { by: 1, at: NOW, session: 1 } }]);
    expect(state.session).toEqual({ status: 'started', number: 1, startedAt: NOW });
  });

  it('refuses to start twice', () => {
    given([...room, { type: 'SessionStarted', data: { by: 1, at: NOW } }])
      .when({ type: 'StartSession', data: {} }, animator)
      .thenRejects('session_already_started');
  });

  it('ends a started session', () => {
    const state = given([...room, { type: 'SessionStarted', data: { by: 1, at: NOW } }])
      .when({ type: 'EndSession', data: {} }, animator, { now: LATER })
      .then([{ type: 'SessionEnded', data: { by: 1, at: LATER } }]);
    expect(state.session).toEqual({
      status: 'ended',
      number: 1,
      startedAt: NOW,
      endedAt: LATER,
      closed: false,
    });
  });

  it('starts the next session after an animator ended one: a new number, the timer from the new start', () => {
    const ended: SessionEvent[] = [
      ...room,
      { type: 'SessionStarted', data: { by: 1, at: NOW } },
      { type: 'SessionEnded', data: { by: 1, at: LATER } },
    ];
    const state = given(ended)
      .when({ type: 'StartSession', data: {} }, animator, { now: EVEN_LATER })
      .then([{ type: 'SessionStarted', data: { by: 1, at: EVEN_LATER, session: 2 } }]);
    expect(state.session).toEqual({ status: 'started', number: 2, startedAt: EVEN_LATER });
  });

  it('lets an animator come back between sessions, and keeps guests out until the next one', () => {
    const ended: SessionEvent[] = [
      { type: 'SessionStarted', data: { by: 1, at: NOW } },
      { type: 'SessionEnded', data: { by: 1, at: LATER } },
    ];
    const back = given(ended).when({ type: 'JoinRoom', data: { connectionId: 'back' } }, animator).decision;
    expect(back.ok && back.events.map((event) => event.type)).toEqual(['ParticipantJoined']);
    given(ended)
      .when({ type: 'JoinRoom', data: { connectionId: 'late' } }, participant)
      .thenRejects('session_ended');
    given([...ended, joined(participant)])
      .when({ type: 'SendChatMessage', data: { messageId: 'm', text: 'hello?' } }, participant)
      .thenRejects('session_ended');
  });

  it('never starts a session again once the event is closed, even one an animator had ended', () => {
    const closedByEvent: SessionEvent[] = [
      ...room,
      { type: 'SessionStarted', data: { by: 1, at: NOW } },
      { type: 'SessionEnded', data: { closedByUserId: 9, at: LATER } },
    ];
    given(closedByEvent).when({ type: 'StartSession', data: {} }, animator).thenRejects('event_closed');
    const endedThenClosed: SessionEvent[] = [
      ...room,
      { type: 'SessionStarted', data: { by: 1, at: NOW } },
      { type: 'SessionEnded', data: { by: 1, at: LATER } },
    ];
    const state = given(endedThenClosed)
      .when({ type: 'CloseSession', data: { closedByUserId: 9 } }, animator, { now: EVEN_LATER })
      .then([{ type: 'SessionEnded', data: { closedByUserId: 9, at: EVEN_LATER } }]);
    // The end stays the animator's; the room is closed.
    expect(state.session).toEqual({
      status: 'ended',
      number: 1,
      startedAt: NOW,
      endedAt: LATER,
      closed: true,
    });
    given([...endedThenClosed, { type: 'SessionEnded', data: { closedByUserId: 9, at: EVEN_LATER } }])
      .when({ type: 'JoinRoom', data: { connectionId: 'back' } }, animator)
      .thenRejects('session_ended');
  });

  it('refuses to end a session that never started', () => {
    given(room).when({ type: 'EndSession', data: {} }, animator).thenRejects('session_not_started');
  });

  it('refuses everything but leaving (and, for an animator, starting the next session) once the session has ended', () => {
    const ended: SessionEvent[] = [
      ...room,
      { type: 'SessionStarted', data: { by: 1, at: NOW } },
      { type: 'SessionEnded', data: { by: 1, at: LATER } },
    ];
    given(ended)
      .when({ type: 'SendChatMessage', data: { messageId: 'm', text: 'hi' } }, participant)
      .thenRejects('session_ended');
    given(ended)
      .when({ type: 'JoinRoom', data: { connectionId: 'late' } }, participant)
      .thenRejects('session_ended');
    given(ended)
      .when({ type: 'LeaveRoom', data: { connectionId: 'conn-2', reason: 'left' } }, participant)
      .then([
        {
          type: 'ParticipantLeft',
          data: { participantId: 2, reason: 'left', connectionId: 'conn-2', at: NOW },
        },
      ]);
  });
});

describe('chatting before the host starts the timer', () => {
  it('needs no started session', () => {
    given(room)
      .when({ type: 'SendChatMessage', data: { messageId: 'm', text: 'early' } }, participant)
      .then([
        {
          type: 'ChatMessageSent',
          data: { messageId: 'm', from: { participantId: 2, name: 'Paul' }, text: 'early', at: NOW },
        },
      ]);
  });
});
