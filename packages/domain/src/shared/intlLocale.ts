// The Intl locale every date and number of LabLive is written with for a reader's language (fr, en, de):
// the web's pages and the server's mails, CSV and PDF alike. English is written the British way, so an
// English reader sees days day first as the spec does (26/11/2026) and the 24-hour clock the French and
// German readers see.
export function intlLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : language;
}
