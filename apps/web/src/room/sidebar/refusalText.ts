// A refused room command in the reader's language: the room host's codes have their translation, and so
// do the gateway's "not now" codes (too fast, the room moving, the room too busy), which the realtime
// client has already retried before the page sees them; any other code keeps the message the server sent.
import { ROOM_REJECTIONS, type RoomRejectionCode } from '@lablive/domain';
import { PROTOCOL_ERRORS } from '@lablive/protocol';
import type { TFunction } from 'i18next';
import { type Refusal, UNREACHABLE } from './commandRefusal.ts';

const NOT_NOW = [
  PROTOCOL_ERRORS.rateLimited,
  PROTOCOL_ERRORS.roomUnavailable,
  PROTOCOL_ERRORS.overloaded,
] as const;
type NotNowCode = (typeof NOT_NOW)[number];

export function isRoomRejectionCode(code: string): code is RoomRejectionCode {
  return Object.hasOwn(ROOM_REJECTIONS, code);
}

function isNotNowCode(code: string): code is NotNowCode {
  return (NOT_NOW as readonly string[]).includes(code);
}

export function refusalText(t: TFunction<'room'>, refusal: Refusal): string {
  if (isRoomRejectionCode(refusal.code)) return t(`sidebar.rejections.${refusal.code}`);
  if (isNotNowCode(refusal.code)) return t(`sidebar.busy.${refusal.code}`);
  if (refusal.code === UNREACHABLE) return t('sidebar.unreachable');
  return refusal.message;
}
