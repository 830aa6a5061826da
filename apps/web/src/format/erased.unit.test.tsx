// An erased personal value (GDPR erasure, issue 32) reads in the page's language, in italics, with the
// same word for a screen reader; a text holding none is left as it is, and one that holds it in a sentence
// is cut around it.
import { ERASED_VALUE } from '@lablive/domain';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { texts as deTexts } from '../i18n/resources/bundles/de.ts';
import { texts as enTexts } from '../i18n/resources/bundles/en.ts';
import { texts as frTexts } from '../i18n/resources/bundles/fr.ts';
import { ErasableText } from './ErasableText.tsx';
import { erasableParts, erasableText, isErased } from './erased.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { fr: frTexts, en: enTexts, de: deTexts },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

async function rendered(text: string, language: 'en' | 'fr' | 'de') {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ErasableText text={text} />
    </I18nextProvider>,
  );
}

describe('an erased value', () => {
  it('is known by the value the server writes in its place, and only by it', () => {
    expect(ERASED_VALUE).toBe('[erased]');
    expect(isErased('[erased]')).toBe(true);
    expect(isErased('Ada Lovelace')).toBe(false);
    expect(isErased(null)).toBe(false);
    expect(isErased('[erased] ')).toBe(false);
  });

  it('is cut out of a sentence, each one said in the word given', () => {
    expect(erasableParts('[erased]', 'effacé')).toEqual([{ text: 'effacé', erased: true }]);
    expect(erasableParts('Ada Lovelace', 'erased')).toEqual([{ text: 'Ada Lovelace', erased: false }]);
    expect(erasableParts('Ada → [erased], [erased]', 'erased')).toEqual([
      { text: 'Ada → ', erased: false },
      { text: 'erased', erased: true },
      { text: ', ', erased: false },
      { text: 'erased', erased: true },
    ]);
    expect(erasableParts('', 'erased')).toEqual([]);
    expect(erasableText('[erased] shares their screen', 'gelöscht')).toBe('gelöscht shares their screen');
  });

  it('reads in the page’s language, in italics, the word itself what a screen reader says', async () => {
    expect(await rendered(ERASED_VALUE, 'en')).toBe(
      '<em class="erased-value" data-erased="true">erased</em>',
    );
    expect(await rendered(ERASED_VALUE, 'fr')).toBe(
      '<em class="erased-value" data-erased="true">effacé</em>',
    );
    expect(await rendered(ERASED_VALUE, 'de')).toBe(
      '<em class="erased-value" data-erased="true">gelöscht</em>',
    );
    expect(await rendered('Old → [erased]', 'en')).toBe(
      'Old → <em class="erased-value" data-erased="true">erased</em>',
    );
  });

  it('leaves a text without one as it is, with no wrapper', async () => {
    expect(await rendered('Ada Lovelace', 'fr')).toBe('Ada Lovelace');
    expect(await rendered('a < b & c', 'en')).toBe('a &lt; b &amp; c');
  });
});
