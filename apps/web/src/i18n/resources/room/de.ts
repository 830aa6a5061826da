// De texts of the room pages (namespace 'room').
import type { RoomTexts } from './en.ts';

export const roomDe: RoomTexts = {
  title: 'Live-Raum',
};
