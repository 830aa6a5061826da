// Every text of the app in one language but the back office's (admin/adminTexts.ts): its own chunk,
// loaded when this language is chosen, so a visitor downloads one language, not three.
import { fr } from '../fr.ts';
import { roomFr } from '../room/fr.ts';
import { waitingFr } from '../waiting/fr.ts';

export const texts = { translation: fr, waiting: waitingFr, room: roomFr };
