// One live session of a room as its stream of session events, made up but shaped like the real thing:
// the animator comes in and starts the session, guests join over the first minutes, chat (the bulk of
// the log), the floor passing around, requests to speak, polls created, started, answered and closed,
// documents shared, microphones and cameras toggled, slides moved, a few guests dropping and coming back
// within a minute (a reconnection), some leaving early, and staff closing the event at the end
// (`closedByUserId`), after which everyone still there leaves. Pure and seeded: the same spec gives the
// same events, every one of them valid for the domain's `sessionEventSchema`.
import type { SessionEvent, SessionEventOf, SessionEventType, SharedDocument } from '@lablive/domain';

export type SessionPerson = {
  participantId: number;
  name: string;
  email: string;
  role: 'animator' | 'participant';
  userId: number | null;
};

export type SessionSpec = {
  roomId: number;
  labId: number;
  /** When the session starts (SessionStarted), in ms since the epoch. */
  startMs: number;
  minutes: number;
  /** How many events the session's stream holds (at least 2 per person and 2 for the session). */
  events: number;
  /** The first one is the animator, the others guests. */
  people: readonly SessionPerson[];
  /** The staff member who closes the event at the end. */
  closedByUserId: number;
  documents: readonly SharedDocument[];
  seed: number;
};

export type ScriptedEvent = {
  event: SessionEvent;
  metadata: { labId: number; actor: { participantId?: number; userId?: number; role?: string } };
  /** The event's instant (its `at` when it has one, and the log's occurred_at), in ms. */
  atMs: number;
};

/** How many events of each kind a session of `events` events with `people` people holds. */
export type SessionMix = {
  reconnections: number;
  speakerChanges: number;
  speakRequests: number;
  polls: number;
  votersPerPoll: number;
  documents: number;
  toggles: number;
  scenes: number;
  earlyLeavers: number;
  chat: number;
};

export function sessionMix(events: number, people: number): SessionMix {
  const guests = Math.max(0, people - 1);
  const extra = Math.max(0, events - (2 * people + 2));
  const reconnections = Math.min(guests, Math.floor((extra * 0.01) / 2));
  const speakerChanges = Math.floor(extra * 0.03);
  const speakRequests = guests === 0 ? 0 : Math.floor((extra * 0.03) / 2);
  const votersPerPoll = Math.floor(guests * 0.8);
  const polls = votersPerPoll === 0 ? 0 : Math.floor((extra * 0.06) / (3 + votersPerPoll));
  const documents = Math.floor(extra * 0.003);
  const toggles = Math.floor(extra * 0.08);
  const scenes = Math.floor(extra * 0.01);
  const earlyLeavers = Math.floor((guests - reconnections) * 0.15);
  const chat =
    extra -
    2 * reconnections -
    speakerChanges -
    2 * speakRequests -
    polls * (3 + votersPerPoll) -
    documents -
    toggles -
    scenes;
  return {
    reconnections,
    speakerChanges,
    speakRequests,
    polls,
    votersPerPoll,
    documents,
    toggles,
    scenes,
    earlyLeavers,
    chat,
  };
}

/** mulberry32: small, fast and seeded. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHAT_LINES = [
  'Is the dosage the same for children under twelve?',
  'Could you show the slide with the phase III results again?',
  'What about patients with renal impairment?',
  'Thank you, very clear.',
  'Are there interactions with anticoagulants?',
  'How long should the treatment last before the first check-up?',
  'Is the sound fine for everyone?',
  'Where can we find the summary of product characteristics?',
];

const POLL_OPTIONS = ['Never', 'Sometimes', 'Often', 'Always'];

export function sessionScript(spec: SessionSpec): ScriptedEvent[] {
  const random = seededRandom(spec.seed);
  const between = (from: number, to: number) => Math.floor(from + random() * Math.max(0, to - from));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const [animator, ...guests] = spec.people;
  if (animator === undefined) throw new Error('a session needs an animator');
  const mix = sessionMix(spec.events, spec.people.length);
  const start = spec.startMs;
  const end = start + spec.minutes * 60_000;
  // Guests come in over the first three minutes (or the first tenth of a short session).
  const joinWindow = Math.min(180_000, (end - start) / 10);
  const bodyFrom = start + joinWindow;
  const bodyTo = Math.max(bodyFrom + 1, end - Math.min(60_000, (end - start) / 10));
  const iso = (ms: number) => new Date(ms).toISOString();

  // Pushed in any order, each with its instant and its push index: sorted at the end (stable).
  const scripted: ScriptedEvent[] = [];
  const push = <T extends SessionEventType>(
    type: T,
    data: SessionEventOf<T>['data'],
    atMs: number,
    actor: ScriptedEvent['metadata']['actor'],
  ) => {
    scripted.push({
      event: { type, data } as SessionEvent,
      metadata: { labId: spec.labId, actor },
      atMs,
    });
  };
  const actorOf = (person: SessionPerson) => ({ participantId: person.participantId, role: person.role });
  let connection = 0;
  const connections = new Map<SessionPerson, string>();
  const join = (person: SessionPerson, atMs: number) => {
    const connectionId = `c${spec.roomId}-${person.participantId}-${connection++}`;
    connections.set(person, connectionId);
    push(
      'ParticipantJoined',
      {
        participantId: person.participantId,
        email: person.email,
        name: person.name,
        userId: person.userId,
        role: person.role,
        connectionId,
        at: iso(atMs),
      },
      atMs,
      actorOf(person),
    );
  };
  const leave = (person: SessionPerson, atMs: number, reason: string) =>
    push(
      'ParticipantLeft',
      {
        participantId: person.participantId,
        reason,
        connectionId: connections.get(person) ?? '',
        at: iso(atMs),
      },
      atMs,
      actorOf(person),
    );

  // Arrivals and the start.
  join(animator, start - between(60_000, 120_000));
  push('SessionStarted', { by: animator.participantId, at: iso(start) }, start, actorOf(animator));
  for (const guest of guests) join(guest, between(start - 60_000, start + joinWindow));

  // Reconnections: a guest drops and comes back within a minute.
  const reconnecting = guests.slice(0, mix.reconnections);
  for (const guest of reconnecting) {
    const dropped = between(bodyFrom, bodyTo - 60_000);
    leave(guest, dropped, 'connection_lost');
    join(guest, dropped + between(5_000, 55_000));
  }
  // Early leavers (the last guests: never voters) go in the second half and do not come back.
  const leftAt = new Map<SessionPerson, number>();
  for (const guest of guests.slice(guests.length - mix.earlyLeavers)) {
    const atMs = between((bodyFrom + bodyTo) / 2, bodyTo);
    leftAt.set(guest, atMs);
    leave(guest, atMs, 'left');
  }
  /** Someone still in the room at `atMs` (the animator stays to the end). */
  const present = (atMs: number): SessionPerson => {
    for (let tries = 0; tries < 8; tries++) {
      const person = pick(spec.people);
      if ((leftAt.get(person) ?? Number.POSITIVE_INFINITY) > atMs) return person;
    }
    return animator;
  };
  let message = 0;
  for (let index = 0; index < mix.chat; index++) {
    const atMs = between(bodyFrom, bodyTo);
    const from = present(atMs);
    push(
      'ChatMessageSent',
      {
        messageId: `m${spec.roomId}-${message++}`,
        from: { participantId: from.participantId, name: from.name },
        text: `${pick(CHAT_LINES)} (${message})`,
        at: iso(atMs),
      },
      atMs,
      actorOf(from),
    );
  }
  for (let index = 0; index < mix.speakerChanges; index++) {
    // The animator hands the floor to someone, or takes it back (null) one time in four.
    const atMs = between(bodyFrom, bodyTo);
    const next = random() < 0.25 ? null : present(atMs).participantId;
    push('SpeakerChanged', { participantId: next }, atMs, actorOf(animator));
  }
  for (let index = 0; index < mix.speakRequests; index++) {
    const asked = between(bodyFrom, bodyTo - 60_000);
    const guest = pick(
      guests.filter((each) => (leftAt.get(each) ?? Number.POSITIVE_INFINITY) > asked + 60_000),
    );
    push(
      'SpeakRequestChanged',
      { participantId: guest.participantId, requesting: true },
      asked,
      actorOf(guest),
    );
    push(
      'SpeakRequestChanged',
      { participantId: guest.participantId, requesting: false },
      asked + between(5_000, 60_000),
      actorOf(animator),
    );
  }
  // Polls, each in its own stretch of the session: created, started, answered, closed.
  const pollStretch = (bodyTo - bodyFrom) / Math.max(1, mix.polls);
  for (let poll = 0; poll < mix.polls; poll++) {
    const pollId = `poll-${spec.roomId}-${poll}`;
    const created = Math.floor(bodyFrom + poll * pollStretch);
    const started = created + Math.floor(pollStretch * 0.1);
    const closed = created + Math.floor(pollStretch * 0.9);
    const allowMultiple = poll % 2 === 1;
    push(
      'PollCreated',
      {
        pollId,
        title: `Poll ${poll + 1}`,
        question: 'How often do you prescribe it to patients over 65?',
        options: POLL_OPTIONS,
        allowMultiple,
        by: animator.participantId,
        at: iso(created),
      },
      created,
      actorOf(animator),
    );
    push('PollStarted', { pollId, by: animator.participantId, at: iso(started) }, started, actorOf(animator));
    for (const voter of guests.slice(0, mix.votersPerPoll)) {
      const first = Math.floor(random() * POLL_OPTIONS.length);
      const answers = allowMultiple && random() < 0.5 ? [first, (first + 1) % POLL_OPTIONS.length] : [first];
      push(
        'PollAnswered',
        { pollId, participantId: voter.participantId, answers },
        between(started + 1, closed),
        actorOf(voter),
      );
    }
    push('PollClosed', { pollId, by: animator.participantId, at: iso(closed) }, closed, actorOf(animator));
  }
  for (let index = 0; index < mix.documents; index++) {
    const atMs = between(bodyFrom, bodyTo);
    const document =
      spec.documents.length > 0 ? pick(spec.documents) : { id: 1, name: 'Notice', extension: 'pdf' };
    push('DocumentShared', { document, by: animator.participantId, at: iso(atMs) }, atMs, actorOf(animator));
  }
  for (let index = 0; index < mix.toggles; index++) {
    const atMs = between(bodyFrom, bodyTo);
    const who = present(atMs);
    // Now and then the animator mutes someone (forced).
    const forced = who !== animator && random() < 0.1;
    const by = forced ? animator : who;
    push(
      random() < 0.5 ? 'AudioToggled' : 'VideoToggled',
      {
        participantId: who.participantId,
        enabled: forced ? false : random() < 0.5,
        by: by.participantId,
        forced,
      },
      atMs,
      actorOf(by),
    );
  }
  for (let index = 0; index < mix.scenes; index++) {
    push(
      'PresentationSceneChanged',
      { scene: `scene-${index + 1}`, by: animator.participantId },
      between(bodyFrom, bodyTo),
      actorOf(animator),
    );
  }

  // Staff close the event: the session ends, then everyone still there leaves.
  push('SessionEnded', { closedByUserId: spec.closedByUserId, at: iso(end) }, end, {
    userId: spec.closedByUserId,
  });
  for (const person of spec.people) {
    if (!leftAt.has(person)) leave(person, end + between(500, 5_000), 'left');
  }

  const order = scripted.map((each, index) => ({ each, index }));
  order.sort((a, b) => a.each.atMs - b.each.atMs || a.index - b.index);
  return order.map(({ each }) => each);
}
