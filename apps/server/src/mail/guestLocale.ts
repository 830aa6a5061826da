// The language of every mail to a guest (invitation, reminder, update, cancellation, fresh link, calendar
// page; issue 28): their account's when they have one, else the one they chose on the public event page,
// else their lab's default language, else French.
import { LOCALES, type Locale } from '@lablive/domain';

const isLocale = (value: string | null | undefined): value is Locale =>
  value != null && (LOCALES as readonly string[]).includes(value);

export function guestLocale(languages: {
  account: string | null | undefined;
  chosen: string | null | undefined;
  lab: string | null | undefined;
}): Locale {
  const { account, chosen, lab } = languages;
  if (isLocale(account)) return account;
  if (isLocale(chosen)) return chosen;
  return isLocale(lab) ? lab : 'fr';
}
