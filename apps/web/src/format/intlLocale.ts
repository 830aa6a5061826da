// The Intl locale every formatter of the web app uses for the page's language (fr, en, de). English is
// written the British way, so an English page writes days day first as the spec does (26/11/2026) and
// keeps the 24-hour clock the French and German pages use.
export function intlLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : language;
}
