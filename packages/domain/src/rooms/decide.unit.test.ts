import { describe, expect, it } from 'vitest';
import type { EventRole } from '../auth/access.ts';
import {
  animator,
  fullConfig,
  given,
  joined,
  LATER,
  NOW,
  observer,
  observerAnimator,
  otherParticipant,
  participant,
} from '../testing/roomSpecification.ts';
import { ANIMATOR_ONLY_COMMANDS, COMMAND_RULES } from './commandRules.ts';
import { backOfficeActor } from './decision.ts';
import {
  CLIENT_ROOM_COMMAND_TYPES,
  clientRoomCommandSchema,
  ROOM_COMMAND_TYPES,
  type RoomCommandInput,
  type RoomCommandType,
} from './roomCommands.ts';
import type { RoomConfig } from './roomConfig.ts';
import type { SessionEvent } from './roomEvents.ts';
import { isAnimator, isObserver } from './roomRoles.ts';

/** One valid command of every type, against the room below. */
const samples: { [T in RoomCommandType]: Extract<RoomCommandInput, { type: T }> } = {
  JoinRoom: { type: 'JoinRoom', data: { connectionId: 'second-tab' } },
  LeaveRoom: { type: 'LeaveRoom', data: { connectionId: 'any', reason: 'left' } },
  SetSpeaking: { type: 'SetSpeaking', data: { speaking: true } },
  RequestToSpeak: { type: 'RequestToSpeak', data: { requesting: true } },
  SendChatMessage: { type: 'SendChatMessage', data: { messageId: 'm-2', text: 'hi' } },
  RemoveChatMessage: { type: 'RemoveChatMessage', data: { messageId: 'm-1' } },
  SaveNotes: { type: 'SaveNotes', data: { text: 'notes' } },
  RequestNotes: { type: 'RequestNotes', data: {} },
  SubmitNotes: { type: 'SubmitNotes', data: { requestId: 'r-1', text: 'notes' } },
  ShareDocuments: {
    type: 'ShareDocuments',
    data: { documents: [{ id: 1, name: 'Leaflet', extension: 'pdf' }] },
  },
  UnshareDocument: { type: 'UnshareDocument', data: { documentId: 9 } },
  StartScreenShare: { type: 'StartScreenShare', data: { streamId: 'screen' } },
  StopScreenShare: { type: 'StopScreenShare', data: {} },
  SetPresentationScene: { type: 'SetPresentationScene', data: { scene: 'demo' } },
  SetPresentationStep: { type: 'SetPresentationStep', data: { step: 1 } },
  CreatePoll: { type: 'CreatePoll', data: { pollId: 'p-2', question: 'Q?', options: ['a', 'b'] } },
  EditPoll: { type: 'EditPoll', data: { pollId: 'p-1', question: 'Q?', options: ['a', 'b'] } },
  StartPoll: { type: 'StartPoll', data: { pollId: 'p-1' } },
  AnswerPoll: { type: 'AnswerPoll', data: { pollId: 'p-active', answers: [0] } },
  ClosePoll: { type: 'ClosePoll', data: { pollId: 'p-active' } },
  AskQuestion: { type: 'AskQuestion', data: { questionId: 'q-new', text: 'Why?', anonymous: false } },
  UpvoteQuestion: { type: 'UpvoteQuestion', data: { questionId: 'q-open' } },
  WithdrawUpvote: { type: 'WithdrawUpvote', data: { questionId: 'q-voted' } },
  ModerateQuestion: { type: 'ModerateQuestion', data: { questionId: 'q-pending', action: 'approve' } },
  KnockToEnter: { type: 'KnockToEnter', data: {} },
  WithdrawKnock: { type: 'WithdrawKnock', data: {} },
  AdmitParticipant: { type: 'AdmitParticipant', data: { participantId: 6 } },
  AdmitEveryone: { type: 'AdmitEveryone', data: {} },
  DenyParticipant: { type: 'DenyParticipant', data: { participantId: 6 } },
  LockRoom: { type: 'LockRoom', data: {} },
  UnlockRoom: { type: 'UnlockRoom', data: {} },
  RemoveParticipant: { type: 'RemoveParticipant', data: { participantId: 2 } },
  ToggleOwnAudio: { type: 'ToggleOwnAudio', data: { enabled: true } },
  ToggleOwnVideo: { type: 'ToggleOwnVideo', data: { enabled: true } },
  ForceToggleAudio: { type: 'ForceToggleAudio', data: { participantId: 2, enabled: false } },
  ForceToggleVideo: { type: 'ForceToggleVideo', data: { participantId: 2, enabled: false } },
  StartSession: { type: 'StartSession', data: {} },
  EndSession: { type: 'EndSession', data: {} },
  CloseSession: { type: 'CloseSession', data: { closedByUserId: 7 } },
  ReportDisconnection: { type: 'ReportDisconnection', data: { reason: 'networkDisconnected' } },
  RecordConsents: {
    type: 'RecordConsents',
    data: {
      consents: [{ consentId: 3, kind: 'data_processing', version: 1, source: 'public_page', givenAt: NOW }],
    },
  },
  WithdrawConsent: {
    type: 'WithdrawConsent',
    data: { consentId: 3, kind: 'data_processing', version: 1, withdrawnAt: NOW },
  },
  BroadcastAnnouncement: {
    type: 'BroadcastAnnouncement',
    data: { announcementId: 'a-1', text: 'Back at 3' },
  },
  SetBanner: { type: 'SetBanner', data: { bannerId: 'b-1', text: 'Coffee break', expiresAt: null } },
  ClearBanner: { type: 'ClearBanner', data: { bannerId: 'b-clear' } },
  StartBreakoutTimer: {
    type: 'StartBreakoutTimer',
    data: { breakoutId: 'br-1', endsAt: LATER, targetRoomId: 7, targetRoomName: 'Plenary' },
  },
  RecallToRoom: {
    type: 'RecallToRoom',
    data: { breakoutId: 'br-now', targetRoomId: 7, targetRoomName: 'Plenary', due: false },
  },
};

const pollCreated = (pollId: string): SessionEvent => ({
  type: 'PollCreated',
  data: { pollId, title: 'T', question: 'Q?', options: ['a', 'b'], allowMultiple: true, by: 1, at: NOW },
});

/** Everyone present, with something for every command to act on. */
const busyRoom: SessionEvent[] = [
  joined(animator),
  joined(participant),
  joined(observer),
  joined(observerAnimator),
  { type: 'SessionStarted', data: { by: 1, at: NOW } },
  {
    type: 'ChatMessageSent',
    data: { messageId: 'm-1', from: { participantId: 2, name: 'Paul' }, text: 'x', at: NOW },
  },
  { type: 'NotesRequested', data: { requestId: 'r-1', by: 1, at: NOW } },
  { type: 'DocumentShared', data: { document: { id: 9, name: 'Slides', extension: 'pdf' }, by: 1, at: NOW } },
  { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 'screen-0' } },
  pollCreated('p-1'),
  pollCreated('p-active'),
  { type: 'PollStarted', data: { pollId: 'p-active', by: 1, at: NOW } },
  // A guest waiting in the lobby, for the hosts to admit or deny.
  { type: 'ParticipantKnocked', data: { participantId: 6, role: 'participant', at: NOW } },
  ...questionsAsked(),
  {
    type: 'BannerSet',
    data: { bannerId: 'b-0', text: 'Welcome', expiresAt: null, by: 1, byUserId: 10, at: NOW },
  },
];

/** A question awaiting approval (Paul's), one approved to upvote and one Paul and Olga upvoted (Ada's). */
function questionsAsked(): SessionEvent[] {
  const asked = (questionId: string, participantId: number, name: string): SessionEvent => ({
    type: 'QuestionAsked',
    data: { questionId, asker: { participantId, name }, anonymous: false, text: 'Q?', at: NOW },
  });
  const approved = (questionId: string): SessionEvent => ({
    type: 'QuestionApproved',
    data: {
      questionId,
      asker: { participantId: 1, name: 'Ada' },
      anonymous: false,
      text: 'Q?',
      askedAt: NOW,
      by: 1,
      at: NOW,
    },
  });
  const upvoted = (participantId: number): SessionEvent => ({
    type: 'QuestionUpvoted',
    data: { questionId: 'q-voted', participantId },
  });
  return [
    asked('q-pending', 2, 'Paul'),
    asked('q-open', 1, 'Ada'),
    approved('q-open'),
    asked('q-voted', 1, 'Ada'),
    approved('q-voted'),
    upvoted(2),
    upvoted(3),
  ];
}

const byRole = { participant, observer, animator, 'observer-animator': observerAnimator } as const;

describe('roles', () => {
  it('counts the observer-animator as an animator, and any observer role as an observer', () => {
    const roles: EventRole[] = ['participant', 'animator', 'observer', 'observer-animator'];
    expect(roles.filter(isAnimator)).toEqual(['animator', 'observer-animator']);
    expect(roles.filter(isObserver)).toEqual(['observer', 'observer-animator']);
  });
});

describe('the permission matrix (spec section 6)', () => {
  it('lists the commands only animators may send', () => {
    expect([...ANIMATOR_ONLY_COMMANDS].sort()).toEqual(
      [
        'AdmitEveryone',
        'AdmitParticipant',
        'DenyParticipant',
        'LockRoom',
        'RemoveParticipant',
        'UnlockRoom',
        'BroadcastAnnouncement',
        'ClearBanner',
        'ClosePoll',
        'CreatePoll',
        'EditPoll',
        'EndSession',
        'ForceToggleAudio',
        'ForceToggleVideo',
        'ModerateQuestion',
        'RecallToRoom',
        'RemoveChatMessage',
        'RequestNotes',
        'SetBanner',
        'SetPresentationScene',
        'SetPresentationStep',
        'ShareDocuments',
        'StartBreakoutTimer',
        'StartPoll',
        'StartScreenShare',
        'StartSession',
        'StopScreenShare',
        'UnshareDocument',
      ].sort(),
    );
  });

  for (const type of ANIMATOR_ONLY_COMMANDS) {
    for (const role of ['participant', 'observer'] as const) {
      it(`refuses ${type} from a ${role}, appending nothing`, () => {
        given(busyRoom).when(samples[type], byRole[role]).thenRejects('not_animator');
      });
    }
    for (const role of ['animator', 'observer-animator'] as const) {
      it(`lets an ${role} send ${type}`, () => {
        const { decision } = given(busyRoom).when(samples[type], byRole[role]);
        // StartSession meets a started session here, and the second animator's StartScreenShare meets
        // the first one's share: refused by the room's state, never by the role.
        const expected =
          type === 'StartSession'
            ? 'session_already_started'
            : type === 'StartScreenShare' && role === 'observer-animator'
              ? 'screen_share_in_use'
              : 'accepted';
        expect(decision.ok ? 'accepted' : decision.rejection.code).toBe(expected);
      });
    }
  }

  for (const type of ROOM_COMMAND_TYPES.filter((command) => !ANIMATOR_ONLY_COMMANDS.includes(command))) {
    it(`accepts ${type} from a participant and an observer`, () => {
      for (const who of [participant, observer]) {
        const sample = type === 'LeaveRoom' ? leaveOf(who.participantId) : samples[type];
        expect(given(busyRoom).when(sample, who).decision).toMatchObject({ ok: true });
      }
    });
  }
});

function leaveOf(participantId: number): RoomCommandInput {
  return { type: 'LeaveRoom', data: { connectionId: `conn-${participantId}`, reason: 'left' } };
}

describe('presence', () => {
  // JoinRoom comes from outside, and so do the lobby's knocks (COMMAND_RULES' fromOutside).
  const fromOutside = (command: RoomCommandType) =>
    command === 'JoinRoom' || COMMAND_RULES[command].fromOutside === true;
  for (const type of CLIENT_ROOM_COMMAND_TYPES.filter((command) => !fromOutside(command))) {
    it(`refuses ${type} from someone who has not joined`, () => {
      given(busyRoom).when(samples[type], otherParticipant).thenRejects('not_in_room');
    });
  }
});

describe('after the session ended', () => {
  const ended: SessionEvent[] = [...busyRoom, { type: 'SessionEnded', data: { by: 1, at: LATER } }];
  // An animator may come back and start the next session (stageDecisions.unit.test.ts); nothing else.
  const betweenSessions = [
    'LeaveRoom',
    'JoinRoom',
    'StartSession',
    'CloseSession',
    'RecordConsents',
    'WithdrawConsent',
  ];
  for (const type of ROOM_COMMAND_TYPES.filter((command) => !betweenSessions.includes(command))) {
    it(`refuses ${type}`, () => {
      given(ended).when(samples[type], animator).thenRejects('session_ended');
    });
  }
  for (const type of CLIENT_ROOM_COMMAND_TYPES.filter((command) => command !== 'LeaveRoom')) {
    it(`refuses ${type} from a participant`, () => {
      given(ended).when(samples[type], participant).thenRejects('session_ended');
    });
  }
});

describe('closing the room with its event (back office)', () => {
  const close = samples.CloseSession;
  const staff = backOfficeActor({ id: 7, name: 'Alice Admin', email: 'admin@lab.test' });

  it('ends a running session from outside the room, recording who closed it', () => {
    given(busyRoom)
      .when(close, staff)
      .then([{ type: 'SessionEnded', data: { closedByUserId: 7, at: NOW } }]);
  });

  it('ends a session that never started, so nobody waits in a room of a closed event', () => {
    given([joined(participant)])
      .when(close, staff)
      .then([{ type: 'SessionEnded', data: { closedByUserId: 7, at: NOW } }]);
  });

  it('closes a session an animator ended, so that none starts again; and closes only once', () => {
    given([...busyRoom, { type: 'SessionEnded', data: { by: 1, at: LATER } }])
      .when(close, staff)
      .then([{ type: 'SessionEnded', data: { closedByUserId: 7, at: NOW } }]);
    given([...busyRoom, { type: 'SessionEnded', data: { closedByUserId: 7, at: LATER } }])
      .when(close, staff)
      .thenRejects('session_ended');
  });

  it('is not something a client can send', () => {
    expect(clientRoomCommandSchema.safeParse(close).success).toBe(false);
    expect(CLIENT_ROOM_COMMAND_TYPES).not.toContain('CloseSession');
  });
});

describe('modules', () => {
  for (const type of ROOM_COMMAND_TYPES) {
    const rule = COMMAND_RULES[type];
    for (const module of rule.roomModules ?? []) {
      it(`refuses ${type} when the room has not switched on ${module}`, () => {
        const config: RoomConfig = {
          ...fullConfig,
          activeModules: fullConfig.activeModules.filter((active) => active !== module),
        };
        const rejection = given(busyRoom, config)
          .when(samples[type], animator)
          .thenRejects('module_disabled');
        expect(rejection.message).toContain(module);
      });
    }
    for (const module of rule.labModules ?? []) {
      it(`refuses ${type} when the lab lacks ${module}`, () => {
        const config: RoomConfig = {
          ...fullConfig,
          labModules: fullConfig.labModules.filter((held) => held !== module),
        };
        given(busyRoom, config).when(samples[type], animator).thenRejects('module_disabled');
      });
    }
  }

  it('needs the modules the spec names', () => {
    expect(COMMAND_RULES.SendChatMessage.roomModules).toEqual(['chat']);
    expect(COMMAND_RULES.AnswerPoll).toMatchObject({ roomModules: ['polls'], labModules: ['polls'] });
    expect(COMMAND_RULES.SubmitNotes.roomModules).toEqual(['notes']);
    expect(COMMAND_RULES.ShareDocuments.labModules).toEqual(['share_document']);
    expect(COMMAND_RULES.ToggleOwnVideo.roomModules).toEqual(['active_camera']);
    // And the lab's leave (issue 28): a lab that does not allow cameras has none in any room.
    expect(COMMAND_RULES.ToggleOwnVideo.labModules).toEqual(['active_camera']);
    expect(COMMAND_RULES.ForceToggleVideo.labModules).toEqual(['active_camera']);
    expect(COMMAND_RULES.ToggleOwnAudio.roomModules).toBeUndefined();
  });
});
