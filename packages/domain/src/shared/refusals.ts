// The server's refusals a person meets on a page, each with a stable key: the problem body carries the
// key and its parameters beside the English `detail` (kept for API users), and the web shows the key's
// translation. A refusal is found from its English sentence, so the services keep writing plain
// sentences and this table is the one list of them; `{name}` marks a part that varies (an e-mail, a day).
// apps/server/src/http/refusals.unit.test.ts checks that every sentence the services throw is here.

export const REFUSALS = {
  eventNeverStarted: 'Only an event that never started can be cancelled; close it instead.',
  eventEnded: 'This event has ended.',
  eventClosed: 'This event is closed: it can no longer be changed.',
  eventClosedNoStart: 'This event is closed: it cannot start again.',
  eventClosedGuestList: 'This event is closed: its guest list can no longer change.',
  eventNotActive: 'The event is not active: rooms open when it starts.',
  eventEndedRoomsClosed: 'This event has ended: its rooms are closed.',
  eventOver: 'This event is over: its links no longer open it.',
  eventGone: 'This event no longer exists.',
  eventHasNoRoom: 'This event has no room.',
  dayBlocked: 'date: {day} is blocked by a platform deployment: choose another day.',
  notYourEvent: 'You can only change the events you own (manage events).',
  staffCreateEvents: 'Only lab staff create events.',
  staffListEvents: 'Only lab staff list events.',
  roomUnavailable: 'The room is not available right now; retry.',
  notYourRoom: 'This is not your room.',
  roomWhileActive: 'A room can be chosen only while the event is active.',
  participantsArePlaced: 'Participants are placed by the organisers.',
  staffChooseRoom: 'Only animators, observers and managers choose their room; participants are placed.',
  chooseRoom: 'room_id: choose a room.',
  chooseRoomByHand: 'room_id: choose a room: this event places its guests by hand.',
  noRoomInEvent: 'room_id: no room {room} in this event.',
  alreadyParticipant: '{email} is already a participant of this event.',
  staffRoleByManagers:
    'Only managers (manage events) can give the animator, observer or observer-animator role.',
  managersEditGuest: 'Only managers (manage events) edit a guest.',
  managersListGuests: 'Only managers (manage events) list an event’s guests.',
  managersPlace: 'Only managers (manage events) place a participant in a room.',
  guestGone: 'This guest is no longer invited to this event.',
  personalInvitation: 'This e-mail has a personal invitation: use the link you received.',
  registerYourself: 'You can only register yourself: use your own e-mail address.',
  notAParticipant: 'You are not a participant of this event.',
  ownAccount: 'user_id must be your own account.',
  ownParticipations: 'You can only look up your own participations.',
  ownInvitations: 'You can only read your own invitations.',
  voteYourself: 'participant_id must be your own participation: you vote for yourself only.',
  unknownVideoSession: 'No room has this opentok_session_id.',
  invitationLinkInvalid: 'This invitation link is invalid, used or expired.',
  calendarLinkInvalid: 'This calendar link is not valid: open the one in your mail.',
  resetLinkInvalid: 'This password reset link is invalid, used or expired.',
  noPublicEvent: 'There is no public event at this address.',
  moduleDisabled: 'The module {modules} is not enabled for your lab.',
  rolesAbove: 'roles: you cannot give or take away a role above your own ({roles}).',
  permissionsNotHeld:
    'permissions: you cannot give or take away a permission you do not hold ({permissions}).',
  groupsMissing: 'groups: no group {groups} in your lab',
  pollHosts: 'Only animators of the room and poll managers (manage polls) run polls.',
  staffDeletePolls: 'Only lab staff delete polls.',
  staffDocuments: 'Only lab staff manage documents.',
  labDocuments: "Lab documents are for document managers and the hosts of the lab's events.",
  documentNotShared: 'This document is not shared in your room.',
  fileEmpty: 'file: is empty',
  staffMedias: 'Only lab staff manage medias.',
  mediaShared: 'This media is shared by the platform: it cannot be changed by a lab.',
  mediaSlugTaken: 'slug: the lab already has a media with the slug "{slug}": choose another.',
  mediaHasHistory: '{name} already has a session history: close the event instead.',
  roomStatsAnimators: "Only the room's animators see its statistics.",
  reportParticipants: 'Only participants of this event can file a report from its rooms.',
  staffDeleteReports: 'Only lab staff delete reports.',
  receiverTaken: 'The lab already has the receiver {email}.',
  roomHoldsGuests: 'rooms_needed: {room} holds {count} participant(s): move them or keep {rooms} rooms.',
  roomHoldsHistory: 'rooms_needed: {room} holds a session history: move them or keep {rooms} rooms.',
  storageQuota:
    "file: {what} takes {adding}, which would bring the lab past its storage quota of {quota}: its documents and media builds already hold {used}. Delete documents or medias it no longer needs, or ask the platform's administrator for a larger quota.",
  reasonRequired: 'A reason is required for this change.',
  erasureSessionRunning:
    'A session of one of this person’s events is running: erase their data once it has ended.',
  eraseYourself: 'You cannot erase your own data: another person who answers data requests must.',
  certificateRulesLocked: 'The certificate rules are locked: the event has started.',
  certificateUnknown: 'No certificate has this code.',
  certificateRevoked: 'This certificate has been revoked.',
  certificateNone: 'You hold no certificate for this event.',
  consentsRequired: 'Accept the required consents first: {kinds}.',
  consentNotAsked: 'consent_version_ids: {ids} is not a current consent of this event.',
  consentsGuestsOnly: 'Consents are asked of an event’s guests: staff accept none.',
} as const;

export type RefusalKey = keyof typeof REFUSALS;
export type Refusal = { key: RefusalKey; params: Record<string, string> };

const escapeForPattern = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Each refusal's sentence as a pattern: its `{name}` parts caught, the rest as written. */
const PATTERNS = (Object.keys(REFUSALS) as RefusalKey[]).map((key) => {
  const names: string[] = [];
  const source = escapeForPattern(REFUSALS[key]).replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { key, names, pattern: new RegExp(`^${source}$`, 'su') };
});

/** The refusal an English sentence says, with its varying parts; null for any other sentence. */
export function refusalOf(sentence: string): Refusal | null {
  for (const { key, names, pattern } of PATTERNS) {
    const found = pattern.exec(sentence);
    if (found === null) continue;
    return { key, params: Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? ''])) };
  }
  return null;
}
