// The attendance certificates on a session's detail (issue 33, part 6): the event's rules, then each
// participant's time present (and share of the event's), polls answered, whether they qualify and if
// not why, and their certificate: issued, being issued, revoked with its reason; a certificate is revoked
// here with a reason the audit trail keeps. Figures so far while the event runs. Nothing for an event
// that issues no certificates.
import type { CertificateStanding, EventCertificates } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/useToast.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { certificatesApi } from '../adminApi.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { certificateKeys, useEventCertificates } from '../resources/certificates.ts';
import { LoadedContent, StatsSection } from './StatsBlock.tsx';

export function CertificateStandings({ eventId }: { eventId: number }) {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useEventCertificates(eventId));
  if (state.status === 'loaded' && !state.value.rules.enabled) return null;
  return (
    <StatsSection title={t('certificates.standings.title')} testId="stats-certificates">
      <LoadedContent state={state} reload={reload} testId="stats-certificates">
        {(standings) => <Standings eventId={eventId} standings={standings} />}
      </LoadedContent>
    </StatsSection>
  );
}

function Standings({ eventId, standings }: { eventId: number; standings: EventCertificates }) {
  const { t } = useTranslation('admin');
  const { rules } = standings;
  return (
    <>
      <p>
        {t('certificates.standings.rules', {
          percent: rules.min_presence_percent,
          minutes: standings.event_minutes,
          polls: rules.min_polls_answered,
        })}
      </p>
      {!standings.closed && (
        <p className="stats-notice" role="note">
          {t('certificates.standings.running')}
        </p>
      )}
      {standings.participants.length === 0 ? (
        <p className="muted">{t('certificates.standings.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" data-testid="stats-certificates-table">
            <thead>
              <tr>
                <th scope="col">{t('certificates.standings.name')}</th>
                <th scope="col">{t('certificates.standings.present')}</th>
                <th scope="col">{t('certificates.standings.polls')}</th>
                <th scope="col">{t('certificates.standings.result')}</th>
                <th scope="col">{t('certificates.standings.certificate')}</th>
              </tr>
            </thead>
            <tbody>
              {standings.participants.map((row) => (
                <StandingRow key={row.participant_id} eventId={eventId} row={row} closed={standings.closed} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function StandingRow({
  eventId,
  row,
  closed,
}: {
  eventId: number;
  row: CertificateStanding;
  closed: boolean;
}) {
  const { t } = useTranslation('admin');
  const why = row.shortfalls
    .map((shortfall) => t(`certificates.standings.shortfalls.${shortfall}`))
    .join(', ');
  return (
    <tr data-testid={`stats-certificate-${row.participant_id}`}>
      <th scope="row">{row.name}</th>
      <td>
        {t('certificates.standings.presentValue', {
          minutes: row.minutes_present,
          percent: row.presence_percent,
        })}
      </td>
      <td>{row.polls_answered}</td>
      <td data-qualified={row.shortfalls.length === 0}>
        {row.shortfalls.length === 0
          ? t('certificates.standings.qualified')
          : t('certificates.standings.notQualified', { why })}
      </td>
      <td>
        <CertificateCell eventId={eventId} row={row} closed={closed} />
      </td>
    </tr>
  );
}

function CertificateCell({
  eventId,
  row,
  closed,
}: {
  eventId: number;
  row: CertificateStanding;
  closed: boolean;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const { certificate } = row;
  if (certificate === null) {
    return closed && row.shortfalls.length === 0
      ? t('certificates.standings.toIssue')
      : t('certificates.standings.noCertificate');
  }
  if (certificate.revoked_at !== null) {
    return t('certificates.standings.revoked', { reason: certificate.revoked_reason ?? '' });
  }
  return (
    <span className="certificate-cell">
      {t('certificates.standings.issued')}
      <ConfirmDialog
        trigger={
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid={`stats-certificate-revoke-${row.participant_id}`}
          >
            {t('certificates.standings.revoke')}
          </button>
        }
        title={t('certificates.standings.revokeTitle', { name: row.name })}
        message={t('certificates.standings.revokeMessage')}
        confirmLabel={t('certificates.standings.revokeConfirm')}
        askReason
        testId="certificate-revoke"
        onConfirm={async (reason) => {
          await certificatesApi.revoke(eventId, certificate.id, { reason });
          invalidate.refresh(certificateKeys.standings(eventId));
          toast.show({ title: t('certificates.standings.revokedToast'), tone: 'success' });
        }}
      />
    </span>
  );
}
