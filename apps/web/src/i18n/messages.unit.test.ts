// A refusal of the server reads in the page's language: the problem's English detail is found among the
// domain's REFUSALS and said with the reader's words, its e-mail or day kept as the server wrote it.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './messages.ts';
import { texts as deTexts } from './resources/bundles/de.ts';
import { texts as enTexts } from './resources/bundles/en.ts';
import { texts as frTexts } from './resources/bundles/fr.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { fr: frTexts, en: enTexts, de: deTexts },
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const failure = (detail: string) => ({ status: 409, detail });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a server refusal on a page', () => {
  it('is said in French on a French page, its varying part kept', () => {
    const t = i18n.getFixedT('fr');
    expect(describeFailure(t, failure('ann@example.com is already a participant of this event.'))).toBe(
      'ann@example.com participe déjà à cet événement.',
    );
    expect(plain(describeFailure(t, failure('This event is closed: it can no longer be changed.')))).toBe(
      'Cet événement est clôturé : il ne peut plus être modifié.',
    );
  });

  it('is said in German on a German page', () => {
    const t = i18n.getFixedT('de');
    expect(describeFailure(t, failure('This event has no room.'))).toBe(
      'Diese Veranstaltung hat keinen Raum.',
    );
  });

  it('stays the server sentence on an English page, and any sentence it does not know stays as written', () => {
    expect(
      describeFailure(
        i18n.getFixedT('en'),
        failure('ann@example.com is already a participant of this event.'),
      ),
    ).toBe('ann@example.com is already a participant of this event.');
    expect(describeFailure(i18n.getFixedT('fr'), failure('Something new.'))).toBe('Something new.');
  });
});
