// Every text of the app in one language but the back office's (admin/adminTexts.ts): its own chunk,
// loaded when this language is chosen, so a visitor downloads one language, not three.
import { de } from '../de.ts';
import { roomDe } from '../room/de.ts';
import { waitingDe } from '../waiting/de.ts';

export const texts = { translation: de, waiting: waitingDe, room: roomDe };
