// The starting language: a remembered choice wins, then the browser's language, then French.
import { describe, expect, it } from 'vitest';
import { pickInitialLocale, toLocale } from './locale.ts';

describe('initial locale', () => {
  it('keeps the language the visitor chose before', () => {
    expect(pickInitialLocale('de', 'en-GB')).toBe('de');
  });

  it('ignores a stored value that is not one of our languages', () => {
    expect(pickInitialLocale('it', 'en-GB')).toBe('en');
  });

  it('follows the browser language, region included', () => {
    expect(pickInitialLocale(null, 'de-CH')).toBe('de');
    expect(pickInitialLocale(null, 'EN_us')).toBe('en');
  });

  it('falls back to French for any other browser language', () => {
    expect(pickInitialLocale(null, 'es-ES')).toBe('fr');
    expect(pickInitialLocale(null, undefined)).toBe('fr');
  });

  it('maps regional variants to our locales and nothing else', () => {
    expect(toLocale('fr-CA')).toBe('fr');
    expect(toLocale('pt')).toBeNull();
  });
});
