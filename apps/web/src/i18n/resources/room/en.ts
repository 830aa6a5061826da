// English texts of the room pages (namespace 'room'); other languages provide the same keys.
import type { Widen } from '../widen.ts';

export const roomEn = {
  title: 'Live room',
} as const;

export type RoomTexts = Widen<typeof roomEn>;
