// When a consent was written, accepted or withdrawn, on the reader's clock with their zone named
// ("29/11/2026, 04:05 UTC+1"): a record a person may have to show, so the zone is never left implied.
import { intlLocale, type Locale } from '@lablive/domain';

export function formatConsentMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
