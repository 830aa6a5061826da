// Every text of the app in one language but the back office's (admin/adminTexts.ts): its own chunk,
// loaded when this language is chosen, so a visitor downloads one language, not three.
import { en } from '../en.ts';
import { roomEn } from '../room/en.ts';
import { waitingEn } from '../waiting/en.ts';

export const texts = { translation: en, waiting: waitingEn, room: roomEn };
