// The language of the mails a guest gets after their invitation (reminders, updates, cancellations):
// their account's, or without one the event owner's (who invited them in it), or French.
import { LOCALES, type Locale } from '@lablive/domain';

const isLocale = (value: string | null | undefined): value is Locale =>
  value != null && (LOCALES as readonly string[]).includes(value);

export const guestLocale = (accountLocale: string | null, ownerLocale: string | null): Locale =>
  isLocale(accountLocale) ? accountLocale : isLocale(ownerLocale) ? ownerLocale : 'fr';
