// Fr texts of the room pages (namespace 'room').
import type { RoomTexts } from './en.ts';

export const roomFr: RoomTexts = {
  title: 'Salle en direct',
};
