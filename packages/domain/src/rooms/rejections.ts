// Why a room command was refused. A rejection appends nothing; its code travels to the client on the
// socket (and into the server's logs), its message is a readable default the client may translate.

export const ROOM_REJECTIONS = {
  not_in_room: 'Join the room before doing this.',
  not_animator: 'Only an animator can do this.',
  module_disabled: 'This feature is not enabled for this room.',
  already_connected: 'This connection has already joined the room.',
  unknown_connection: 'This connection is not in the room.',
  duplicate_id: 'This id is already used in the room.',
  blank_message: 'A chat message cannot be blank.',
  message_not_found: 'This chat message does not exist.',
  notes_request_not_found: 'This notes request does not exist.',
  document_not_found: 'This document does not exist in your lab.',
  document_not_shared: 'This document is not shared in the room.',
  already_shared: 'These documents are already shared in the room.',
  screen_share_not_active: 'No screen is being shared.',
  screen_share_in_use: 'Another animator is sharing their screen.',
  viewer_not_found: 'This participant is not in the room.',
  poll_not_found: 'This poll does not exist.',
  poll_invalid: 'This poll is not valid.',
  poll_not_editable: 'Only a saved poll that was never started can be edited.',
  poll_already_active: 'This poll is already active.',
  poll_not_active: 'This poll is not active.',
  poll_already_answered: 'You have already answered this poll.',
  empty_answer: 'Choose at least one option.',
  single_choice_only: 'This poll accepts only one option.',
  answer_out_of_range: 'This option does not exist in the poll.',
  duplicate_answer: 'An option was chosen twice.',
  blank_question: 'A question cannot be blank.',
  question_limit: 'You have asked as many questions as a room allows one person.',
  questions_full: 'This room holds as many questions as it can.',
  question_not_found: 'This question does not exist.',
  question_not_pending: 'This question is not awaiting approval.',
  question_not_approved: 'This question is not approved.',
  own_question: 'You cannot upvote your own question.',
  already_upvoted: 'You have already upvoted this question.',
  not_upvoted: 'You have not upvoted this question.',
  lobby_wait: 'Wait in the lobby: a host lets you in.',
  not_admitted: 'A host did not let you in.',
  knock_not_found: 'This person is not waiting in the lobby.',
  room_locked: 'The room is locked: nobody new comes in.',
  removed_from_session: 'A host removed you from this session.',
  host_not_removable: 'A host cannot be removed from the room.',
  session_not_started: 'The session has not started.',
  session_already_started: 'The session has already started.',
  session_ended: 'The session has ended.',
  event_closed: 'The event is closed: its rooms do not open again.',
  unstorable_text: 'This text cannot be stored: it holds a NUL character or an unpaired surrogate.',
  no_banner: 'No banner is shown in this room.',
  broadcast_invalid: 'This broadcast is not valid.',
  breakout_not_running: 'This breakout is over or was replaced.',
  already_recalled: 'Everyone was already called back to the room.',
  not_stored: 'The room could not store this command; sending it again will not help.',
} as const;
export type RoomRejectionCode = keyof typeof ROOM_REJECTIONS;

export type RoomRejection = { code: RoomRejectionCode; message: string };

/** The default message, followed by what exactly was wrong when the code alone does not say it. */
export function roomRejection(code: RoomRejectionCode, detail?: string): RoomRejection {
  const message = ROOM_REJECTIONS[code];
  return { code, message: detail === undefined ? message : `${message} ${detail}` };
}
