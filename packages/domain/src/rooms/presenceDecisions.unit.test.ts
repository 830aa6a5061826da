import { describe, expect, it } from 'vitest';
import {
  animator,
  connectionOf,
  given,
  joined,
  LATER,
  NOW,
  observer,
  otherParticipant,
  participant,
} from '../testing/roomSpecification.ts';

describe('JoinRoom', () => {
  it('records a first arrival with who they are, so the sign-in check sees them online', () => {
    const state = given([])
      .when({ type: 'JoinRoom', data: { connectionId: 'tab-1' } }, participant)
      .then([
        {
          type: 'ParticipantJoined',
          data: {
            participantId: 2,
            userId: 20,
            email: 'paul@example.org',
            name: 'Paul',
            role: 'participant',
            connectionId: 'tab-1',
            at: NOW,
          },
        },
      ]);
    expect(state.viewers).toEqual([
      {
        id: 2,
        userId: 20,
        name: 'Paul',
        email: 'paul@example.org',
        role: 'participant',
        isAnimator: false,
        speaking: false,
        requestingSpeak: false,
        audioEnabled: false,
        videoEnabled: false,
        connections: ['tab-1'],
      },
    ]);
  });

  it('merges a second connection of someone already present into the same viewer', () => {
    const state = given([joined(participant, 'tab-1')])
      .when({ type: 'JoinRoom', data: { connectionId: 'phone' } }, participant)
      .then([{ type: 'ParticipantReconnected', data: { participantId: 2, connectionId: 'phone', at: NOW } }]);
    expect(state.viewers).toHaveLength(1);
    expect(state.viewers[0]?.connections).toEqual(['tab-1', 'phone']);
  });

  it('refuses a connection that has already joined', () => {
    given([joined(participant, 'tab-1')])
      .when({ type: 'JoinRoom', data: { connectionId: 'tab-1' } }, participant)
      .thenRejects('already_connected');
  });
});

describe('LeaveRoom', () => {
  it('closes one connection while another of the same participant remains', () => {
    const state = given([
      joined(participant, 'tab-1'),
      { type: 'ParticipantReconnected', data: { participantId: 2, connectionId: 'phone', at: NOW } },
    ])
      .when({ type: 'LeaveRoom', data: { connectionId: 'tab-1', reason: 'connection_lost' } }, participant)
      .then([
        {
          type: 'ParticipantConnectionClosed',
          data: { participantId: 2, connectionId: 'tab-1', reason: 'connection_lost' },
        },
      ]);
    expect(state.viewers.map((viewer) => viewer.connections)).toEqual([['phone']]);
  });

  it('records the departure when the last connection goes, with the reason of the disconnect', () => {
    const state = given([joined(participant)])
      .when(
        { type: 'LeaveRoom', data: { connectionId: connectionOf(participant), reason: 'left' } },
        participant,
        {
          now: LATER,
        },
      )
      .then([
        {
          type: 'ParticipantLeft',
          data: { participantId: 2, reason: 'left', connectionId: connectionOf(participant), at: LATER },
        },
      ]);
    expect(state.viewers).toEqual([]);
  });

  it('clears the speaker and stops the screen share of an animator who leaves, then records the departure', () => {
    const state = given([
      joined(animator),
      joined(participant),
      { type: 'SpeakerChanged', data: { participantId: 1 } },
      { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 'screen-1' } },
    ])
      .when({ type: 'LeaveRoom', data: { connectionId: connectionOf(animator), reason: 'kicked' } }, animator)
      .then([
        { type: 'SpeakerChanged', data: { participantId: null, at: NOW } },
        { type: 'ScreenShareStopped', data: { participantId: 1, by: 1 } },
        {
          type: 'ParticipantLeft',
          data: { participantId: 1, reason: 'kicked', connectionId: 'conn-1', at: NOW },
        },
      ]);
    expect(state.speakerId).toBeNull();
    expect(state.screenShare).toBeNull();
  });

  it('takes their request to speak with them: a returning participant starts without one', () => {
    const left = given([
      joined(participant),
      { type: 'SpeakRequestChanged', data: { participantId: 2, requesting: true } },
    ])
      .when(
        { type: 'LeaveRoom', data: { connectionId: connectionOf(participant), reason: 'left' } },
        participant,
      )
      .then([
        {
          type: 'ParticipantLeft',
          data: { participantId: 2, reason: 'left', connectionId: 'conn-2', at: NOW },
        },
      ]);
    expect(left.viewers.some((viewer) => viewer.requestingSpeak)).toBe(false);
  });

  it('keeps free-text reasons, trimmed', () => {
    given([joined(participant)])
      .when(
        { type: 'LeaveRoom', data: { connectionId: 'conn-2', reason: '  browser crashed ' } },
        participant,
      )
      .then([
        {
          type: 'ParticipantLeft',
          data: { participantId: 2, reason: 'browser crashed', connectionId: 'conn-2', at: NOW },
        },
      ]);
  });

  it('refuses a connection the participant does not have', () => {
    given([joined(participant)])
      .when({ type: 'LeaveRoom', data: { connectionId: 'someone-else', reason: 'left' } }, participant)
      .thenRejects('unknown_connection');
  });

  it('refuses someone who is not in the room', () => {
    given([joined(animator)])
      .when({ type: 'LeaveRoom', data: { connectionId: 'conn-2', reason: 'left' } }, participant)
      .thenRejects('not_in_room');
  });
});

describe('SetSpeaking', () => {
  it('makes the participant the current speaker, and marks only them as speaking', () => {
    const state = given([
      joined(animator),
      joined(participant),
      { type: 'SpeakerChanged', data: { participantId: 1 } },
    ])
      .when({ type: 'SetSpeaking', data: { speaking: true } }, participant)
      .then([{ type: 'SpeakerChanged', data: { participantId: 2, at: NOW } }]);
    expect(state.speakerId).toBe(2);
    expect(state.viewers.map((viewer) => [viewer.id, viewer.speaking])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('clears the speaker when the current speaker falls silent', () => {
    given([joined(participant), { type: 'SpeakerChanged', data: { participantId: 2 } }])
      .when({ type: 'SetSpeaking', data: { speaking: false } }, participant)
      .then([{ type: 'SpeakerChanged', data: { participantId: null, at: NOW } }]);
  });

  it('records nothing when the speaker does not change', () => {
    given([joined(participant), { type: 'SpeakerChanged', data: { participantId: 2 } }])
      .when({ type: 'SetSpeaking', data: { speaking: true } }, participant)
      .then([]);
    given([joined(animator), joined(participant), { type: 'SpeakerChanged', data: { participantId: 1 } }])
      .when({ type: 'SetSpeaking', data: { speaking: false } }, participant)
      .then([]);
  });
});

describe('RequestToSpeak', () => {
  it('raises and lowers the hand of the participant', () => {
    const raised = given([joined(participant)])
      .when({ type: 'RequestToSpeak', data: { requesting: true } }, participant)
      .then([{ type: 'SpeakRequestChanged', data: { participantId: 2, requesting: true } }]);
    expect(raised.viewers[0]?.requestingSpeak).toBe(true);
    given([
      joined(participant),
      { type: 'SpeakRequestChanged', data: { participantId: 2, requesting: true } },
    ])
      .when({ type: 'RequestToSpeak', data: { requesting: false } }, participant)
      .then([{ type: 'SpeakRequestChanged', data: { participantId: 2, requesting: false } }]);
  });

  it('records nothing when the hand is already in that position', () => {
    given([joined(participant)])
      .when({ type: 'RequestToSpeak', data: { requesting: false } }, participant)
      .then([]);
  });
});

describe('own microphone and camera', () => {
  it('lets everyone present toggle their own microphone', () => {
    const state = given([joined(observer)])
      .when({ type: 'ToggleOwnAudio', data: { enabled: true } }, observer)
      .then([{ type: 'AudioToggled', data: { participantId: 3, enabled: true, by: 3, forced: false } }]);
    expect(state.viewers[0]?.audioEnabled).toBe(true);
  });

  it('lets everyone present toggle their own camera', () => {
    const state = given([joined(participant)])
      .when({ type: 'ToggleOwnVideo', data: { enabled: true } }, participant)
      .then([{ type: 'VideoToggled', data: { participantId: 2, enabled: true, by: 2, forced: false } }]);
    expect(state.viewers[0]?.videoEnabled).toBe(true);
  });
});

describe('forced microphone and camera', () => {
  const room = [joined(animator), joined(participant)];

  it('lets an animator mute a participant', () => {
    const state = given([
      ...room,
      { type: 'AudioToggled', data: { participantId: 2, enabled: true, by: 2, forced: false } },
    ])
      .when({ type: 'ForceToggleAudio', data: { participantId: 2, enabled: false } }, animator)
      .then([{ type: 'AudioToggled', data: { participantId: 2, enabled: false, by: 1, forced: true } }]);
    expect(state.viewers.find((viewer) => viewer.id === 2)?.audioEnabled).toBe(false);
  });

  it("lets an animator switch a participant's camera", () => {
    given(room)
      .when({ type: 'ForceToggleVideo', data: { participantId: 2, enabled: true } }, animator)
      .then([{ type: 'VideoToggled', data: { participantId: 2, enabled: true, by: 1, forced: true } }]);
  });

  it('refuses a target who is not in the room', () => {
    given(room)
      .when(
        { type: 'ForceToggleAudio', data: { participantId: otherParticipant.participantId, enabled: false } },
        animator,
      )
      .thenRejects('viewer_not_found');
    given(room)
      .when({ type: 'ForceToggleVideo', data: { participantId: 99, enabled: false } }, animator)
      .thenRejects('viewer_not_found');
  });
});

describe('ReportDisconnection', () => {
  it('records who lost their video session and why, for the logs', () => {
    given([joined(participant)])
      .when({ type: 'ReportDisconnection', data: { reason: 'networkDisconnected' } }, participant)
      .then([
        {
          type: 'DisconnectionReported',
          data: {
            participantId: 2,
            name: 'Paul',
            email: 'paul@example.org',
            role: 'participant',
            reason: 'networkDisconnected',
            at: NOW,
          },
        },
      ]);
  });
});
