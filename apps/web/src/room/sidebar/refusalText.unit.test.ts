// A command the room did not take reads in the participant's language: the room's own codes and the
// gateway's "not now" codes (overloaded, too fast, the room moving) alike; an unknown code keeps the
// server's sentence rather than showing a key.
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { texts as deTexts } from '../../i18n/resources/bundles/de.ts';
import { texts as enTexts } from '../../i18n/resources/bundles/en.ts';
import { texts as frTexts } from '../../i18n/resources/bundles/fr.ts';
import { refusalText } from './refusalText.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { fr: frTexts, en: enTexts, de: deTexts },
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const roomT = (language: string) => i18n.getFixedT(language, 'room') as TFunction<'room'>;
const overloaded = { code: 'overloaded', message: 'Too many commands wait for this room: retry.' };

describe('a refused room command', () => {
  it('says an overloaded room in each language, not the server’s English', () => {
    expect(refusalText(roomT('fr'), overloaded)).toMatch(/^La salle est très sollicitée/);
    expect(refusalText(roomT('en'), overloaded)).toBe(
      'The room is very busy right now: try again in a moment.',
    );
    expect(refusalText(roomT('de'), overloaded)).toMatch(/^Der Raum ist gerade stark ausgelastet/);
  });

  it('says a rate limit and a moving room in the reader’s words too', () => {
    expect(
      refusalText(roomT('de'), { code: 'rate_limited', message: 'Too many commands: slow down.' }),
    ).toMatch(/^Sie senden zu schnell/);
    expect(refusalText(roomT('fr'), { code: 'room_unavailable', message: 'The room moved; retry.' })).toMatch(
      /^La salle change de serveur/,
    );
  });

  it('keeps the server’s sentence for a code it does not know', () => {
    expect(refusalText(roomT('fr'), { code: 'something_new', message: 'Something new.' })).toBe(
      'Something new.',
    );
  });
});
