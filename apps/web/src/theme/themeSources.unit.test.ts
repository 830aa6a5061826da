// Reading a theme from the address: the event id of a `name-{id}` path and the private colours of an
// invitation link, where anything that is not a #rrggbb colour is ignored.
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPLIED_THEME } from './appliedTheme.ts';
import { decodeColor, eventIdFromPath, labThemeApplies, privateThemeFromSearch } from './themeSources.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('event id from the path', () => {
  it('reads the number after the last dash of the last segment', () => {
    expect(eventIdFromPath('/spring-congress-42')).toBe(42);
    expect(eventIdFromPath('/events/annual-meeting-2025-7/')).toBe(7);
  });

  it('is null for paths that do not end in name-{id}', () => {
    expect(eventIdFromPath('/')).toBeNull();
    expect(eventIdFromPath('/admin/events')).toBeNull();
    expect(eventIdFromPath('/room/12')).toBeNull();
    expect(eventIdFromPath('/congress-42/details')).toBeNull();
    expect(eventIdFromPath('/congress-0')).toBeNull();
  });
});

describe('private theme from an invitation link', () => {
  it('decodes the three colours', () => {
    const params = new URLSearchParams({
      invitation: 'tok',
      p: b64('#ff0000'),
      b: b64('#00FF00'),
      t: b64('0000ff'),
    });

    expect(privateThemeFromSearch(params)).toEqual({
      ...DEFAULT_APPLIED_THEME,
      source: 'private',
      primaryColor: '#ff0000',
      backgroundColor: '#00ff00',
      thirdColor: '#0000ff',
    });
  });

  it('keeps the default for a colour that is not valid', () => {
    const params = new URLSearchParams({ invitation: 'tok', p: b64('#ff0000'), b: b64('red'), t: '%%%' });

    const theme = privateThemeFromSearch(params);

    expect(theme?.primaryColor).toBe('#ff0000');
    expect(theme?.backgroundColor).toBe(DEFAULT_APPLIED_THEME.backgroundColor);
    expect(theme?.thirdColor).toBe(DEFAULT_APPLIED_THEME.thirdColor);
  });

  it('gives no theme without an invitation or without any usable colour', () => {
    expect(privateThemeFromSearch(new URLSearchParams({ p: b64('#ff0000') }))).toBeNull();
    expect(
      privateThemeFromSearch(new URLSearchParams({ invitation: 'tok', p: b64('javascript:alert(1)') })),
    ).toBeNull();
  });

  it('decodes colours with or without the hash, in either case, and rejects anything else', () => {
    expect(decodeColor('IzM1NzFmZg==')).toBe('#3571ff');
    expect(decodeColor(b64('3571FF'))).toBe('#3571ff');
    expect(decodeColor(b64('#3571f'))).toBeNull();
    expect(decodeColor('not base64!')).toBeNull();
  });
});

describe('lab theme precedence', () => {
  it('applies the lab look only over the default theme', () => {
    expect(labThemeApplies(DEFAULT_APPLIED_THEME)).toBe(true);
    expect(labThemeApplies({ ...DEFAULT_APPLIED_THEME, source: 'private' })).toBe(false);
    expect(labThemeApplies({ ...DEFAULT_APPLIED_THEME, source: 'event' })).toBe(false);
  });
});
