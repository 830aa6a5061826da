// The guest's attendance certificate on their event page (issue 33, part 6): once issued, its minutes,
// its verification code and the PDF to download (in their language, the server's file), with a link to
// the public page that checks it; before, a word that it will come once the event is closed if they meet
// its rules; revoked, a word that it was. Nothing for an event without certificates.
import { formatCertificateCode, type IssuedCertificate } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton.tsx';
import { saveBlob } from '../components/saveBlob.ts';
import { certificatesApi } from './certificatesApi.ts';
import { useMyCertificate } from './useMyCertificate.ts';
import './certificates.css';

export function MyCertificate({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const state = useMyCertificate(eventId);
  if (state.status !== 'loaded' || state.certificate.status === 'none') return null;
  const { certificate } = state;
  return (
    <section className="certificate-card" aria-labelledby="my-certificate-title" data-testid="my-certificate">
      <h2 id="my-certificate-title">{t('certificates.mine.title')}</h2>
      {certificate.status === 'pending' ? (
        <p data-testid="my-certificate-pending">{t('certificates.mine.pending')}</p>
      ) : certificate.certificate.revoked_at !== null ? (
        <p className="form-error" data-testid="my-certificate-revoked">
          {t('certificates.mine.revoked')}
        </p>
      ) : (
        <IssuedCertificateView eventId={eventId} certificate={certificate.certificate} />
      )}
    </section>
  );
}

function IssuedCertificateView({
  eventId,
  certificate,
}: {
  eventId: number;
  certificate: IssuedCertificate;
}) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const code = formatCertificateCode(certificate.code);

  async function download() {
    setDownloading(true);
    setFailed(false);
    try {
      const file = await certificatesApi.myPdf(eventId);
      saveBlob(file.blob, file.fileName ?? `certificate-${eventId}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <p>
        {t('certificates.mine.issued')}{' '}
        {t('certificates.mine.minutes', { count: certificate.minutes_present })}
      </p>
      <dl className="certificate-facts">
        <div>
          <dt>{t('certificates.mine.code')}</dt>
          <dd className="certificate-code" data-testid="my-certificate-code">
            {code}
          </dd>
        </div>
      </dl>
      <div className="certificate-actions">
        <BusyButton
          label={t('certificates.mine.download')}
          busyLabel={t('certificates.mine.downloading')}
          busy={downloading}
          testId="my-certificate-download"
          onClick={download}
        />
        <Link to={`/certificates/verify/${code}`} data-testid="my-certificate-verify">
          {t('certificates.mine.verify')}
        </Link>
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {t('certificates.mine.downloadFailed')}
        </p>
      )}
    </>
  );
}
