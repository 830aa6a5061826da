// An attendance certificate as a PDF, in its holder's language: who attended which event of which lab,
// when (on the event's clock, the zone named), the minutes present of the event's length and the polls
// answered, frozen at issue; then its verification code and the public page that checks it.
import { certificateVerifyPath, formatCertificateCode, type Locale } from '@lablive/domain';
import { startPdf } from '../files/pdfFonts.ts';
import { dateTime } from '../mail/mailFormat.ts';
import type { CertificateRecord } from './certificates.repository.ts';

const WORDING = {
  fr: {
    title: 'Attestation de présence',
    certifies: 'Nous attestons que',
    attended: 'a participé à l’événement',
    organisedBy: (lab: string) => `organisé par ${lab},`,
    heldOn: (when: string) => `le ${when}.`,
    minutes: (present: number, length: number) =>
      `Temps de présence : ${present} minute(s) sur ${length} minute(s).`,
    polls: (count: number) => `Sondages répondus : ${count}.`,
    verifyTitle: 'Vérification',
    code: 'Code de vérification\u00a0: ',
    verifyAt: 'Vérifiez l’authenticité de cette attestation à l’adresse :',
    issuedOn: (when: string) => `Délivrée le ${when}.`,
  },
  en: {
    title: 'Certificate of attendance',
    certifies: 'This certifies that',
    attended: 'attended the event',
    organisedBy: (lab: string) => `organised by ${lab},`,
    heldOn: (when: string) => `on ${when}.`,
    minutes: (present: number, length: number) =>
      `Time present: ${present} minute(s) of ${length} minute(s).`,
    polls: (count: number) => `Polls answered: ${count}.`,
    verifyTitle: 'Verification',
    code: 'Verification code: ',
    verifyAt: 'Check that this certificate is genuine at:',
    issuedOn: (when: string) => `Issued on ${when}.`,
  },
  de: {
    title: 'Teilnahmebescheinigung',
    certifies: 'Hiermit wird bescheinigt, dass',
    attended: 'an der Veranstaltung',
    organisedBy: (lab: string) => `von ${lab}`,
    heldOn: (when: string) => `am ${when} teilgenommen hat.`,
    minutes: (present: number, length: number) => `Anwesenheit: ${present} von ${length} Minute(n).`,
    polls: (count: number) => `Beantwortete Umfragen: ${count}.`,
    verifyTitle: 'Überprüfung',
    code: 'Prüfcode: ',
    verifyAt: 'Prüfen Sie die Echtheit dieser Bescheinigung unter:',
    issuedOn: (when: string) => `Ausgestellt am ${when}.`,
  },
} as const satisfies Record<Locale, unknown>;

export type CertificateContent = {
  name: string;
  eventName: string;
  labName: string;
  heldAt: Date;
  timeZone: string;
  minutesPresent: number;
  eventMinutes: number;
  pollsAnswered: number;
  code: string;
  issuedAt: Date;
  /** The public page that checks this code. */
  verifyUrl: string;
};

/** The public page that checks a code, on this deployment's address. */
export const verifyUrlOf = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/$/, '')}${certificateVerifyPath(code)}`;

/** What the PDF of a stored certificate shows: its figures as frozen at issue. */
export const certificateContentOf = (record: CertificateRecord, publicUrl: string): CertificateContent => ({
  name: record.name,
  eventName: record.event_name,
  labName: record.lab_name,
  heldAt: record.held_at,
  timeZone: record.time_zone,
  minutesPresent: record.minutes_present,
  eventMinutes: record.event_minutes,
  pollsAnswered: record.polls_answered,
  code: record.code,
  issuedAt: record.issued_at,
  verifyUrl: verifyUrlOf(publicUrl, record.code),
});

const MARGIN = 64;

export async function certificatePdf(certificate: CertificateContent, locale: Locale): Promise<Buffer> {
  const t = WORDING[locale];
  const { doc, finished } = await startPdf({
    margin: MARGIN,
    info: { Title: `${t.title} – ${certificate.eventName}`, Author: certificate.labName },
  });
  const centred = { align: 'center' } as const;
  const when = (date: Date) => dateTime(locale, date, certificate.timeZone);

  doc.font('bold').fontSize(26).text(t.title, centred).moveDown(1.5);
  doc.font('regular').fontSize(13).text(t.certifies, centred).moveDown(0.4);
  doc.font('bold').fontSize(20).text(certificate.name, centred).moveDown(0.4);
  doc.font('regular').fontSize(13).text(t.attended, centred).moveDown(0.4);
  doc.font('bold').fontSize(16).text(certificate.eventName, centred).moveDown(0.4);
  doc.font('regular').fontSize(13).text(t.organisedBy(certificate.labName), centred);
  doc.text(t.heldOn(when(certificate.heldAt)), centred).moveDown(1.2);
  doc.text(t.minutes(certificate.minutesPresent, certificate.eventMinutes), centred);
  doc.text(t.polls(certificate.pollsAnswered), centred).moveDown(2.5);

  doc.font('bold').fontSize(12).text(t.verifyTitle).moveDown(0.3);
  doc.font('regular').fontSize(11).text(t.code, { continued: true });
  doc.font('bold').text(formatCertificateCode(certificate.code));
  doc.font('regular').text(t.verifyAt).fillColor('#1a4f9c').text(certificate.verifyUrl, {
    link: certificate.verifyUrl,
    underline: true,
  });
  doc
    .fillColor('black')
    .moveDown(0.6)
    .fontSize(10)
    .text(t.issuedOn(when(certificate.issuedAt)));
  doc.end();
  return finished;
}
