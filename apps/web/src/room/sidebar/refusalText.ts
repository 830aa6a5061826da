// A refused room command in the reader's language: the room host's codes have their translation, any
// other code keeps the message the server sent.
import { ROOM_REJECTIONS, type RoomRejectionCode } from '@lablive/domain';
import type { TFunction } from 'i18next';
import { type Refusal, UNREACHABLE } from './commandRefusal.ts';

export function isRoomRejectionCode(code: string): code is RoomRejectionCode {
  return Object.hasOwn(ROOM_REJECTIONS, code);
}

export function refusalText(t: TFunction<'room'>, refusal: Refusal): string {
  if (isRoomRejectionCode(refusal.code)) return t(`sidebar.rejections.${refusal.code}`);
  if (refusal.code === UNREACHABLE) return t('sidebar.unreachable');
  return refusal.message;
}
