// The web's formatters take the Intl locale of a language from the domain, where the server's mails,
// CSV and PDF take it too, so a page and a mail write one date alike.
export { intlLocale } from '@lablive/domain';
