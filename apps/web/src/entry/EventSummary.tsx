// The body of the event card: the lab's header image, its logo, name, planned start in the reader's
// language and time zone, whether the event runs, its description as plain paragraphs, a guest's
// consents (issue 33: to accept, accepted, withdrawn) and the Join controls, closed while a required
// consent is missing.
import type { CurrentUser, EventInfo } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { LabBanner } from '../components/LabBanner.tsx';
import { LabLogo } from '../components/LabLogo.tsx';
import { MyConsentsPanel } from '../consents/MyConsentsPanel.tsx';
import { useMyConsents } from '../consents/useConsents.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { EventJoin } from './EventJoin.tsx';
import type { EventDetails } from './eventDetails.ts';
import { RichText } from './RichText.tsx';
import './eventCard.css';
import { formatLongDayTime } from '../format/dayTime.ts';

type EventSummaryProps = { info: EventInfo; details: EventDetails; user: CurrentUser | null };

export function EventSummary({ info, details, user }: EventSummaryProps) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const locale = useLocale();
  // On the reader's clock, the zone named: a guest abroad must not guess whose 14:00 it is.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const date = `${formatLongDayTime(details.planned_start_date, locale, zone) ?? details.planned_start_date} (${zone})`;
  const guest = user?.kind === 'guest';
  const consents = useMyConsents(guest);
  const consentsMissing = consents.state.status === 'loaded' && consents.state.value.missing.length > 0;
  return (
    <>
      <LabBanner url={info.theme.headerImageUrl} testId="event-header-image" />
      <LabLogo url={info.theme.logoUrl} labName={info.labName} />
      <p className="eyebrow">{t('event.title')}</p>
      <h1 id="event-title" data-testid="event-name">
        {info.name}
      </h1>
      <p className="event-meta">
        <span data-testid="event-date">{tw('eventCard.plannedFor', { date })}</span>
        <span className="event-status" data-active={details.active} data-testid="event-status">
          {details.active
            ? tw('eventCard.live')
            : details.end_date !== null
              ? tw('eventCard.closed')
              : tw('eventCard.notStarted')}
        </span>
      </p>
      <p className="muted">{t('event.organisedBy', { name: info.labName })}</p>
      <RichText markup={details.description} testId="event-description" />
      {guest && <MyConsentsPanel state={consents.state} onChange={consents.replace} />}
      {user !== null && (
        <EventJoin
          eventId={info.id}
          active={details.active}
          ended={details.end_date !== null}
          user={user}
          consentsMissing={consentsMissing}
        />
      )}
    </>
  );
}
