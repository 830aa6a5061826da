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
  session_not_started: 'The session has not started.',
  session_already_started: 'The session has already started.',
  session_ended: 'The session has ended.',
  event_closed: 'The event is closed: its rooms do not open again.',
  unstorable_text: 'This text cannot be stored: it holds a NUL character or an unpaired surrogate.',
  not_stored: 'The room could not store this command; sending it again will not help.',
} as const;
export type RoomRejectionCode = keyof typeof ROOM_REJECTIONS;

export type RoomRejection = { code: RoomRejectionCode; message: string };

/** The default message, followed by what exactly was wrong when the code alone does not say it. */
export function roomRejection(code: RoomRejectionCode, detail?: string): RoomRejection {
  const message = ROOM_REJECTIONS[code];
  return { code, message: detail === undefined ? message : `${message} ${detail}` };
}
