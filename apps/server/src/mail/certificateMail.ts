// The mail that brings a participant their attendance certificate after the event closed (issue 33), in
// their language: the event and its date on the event's clock with the zone named, the PDF attached (by
// the sender), its verification code and the public page that checks it, and where else to find it.
import type { Locale } from '@lablive/domain';
import { dateTime, escapeHtml, oneLineValues, type RenderedMail } from './mailFormat.ts';

const CERTIFICATE = {
  fr: {
    subject: (event: string) => `Votre attestation de présence : ${event}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (event: string, when: string) =>
      `Merci d’avoir participé à l’événement « ${event} », le ${when}. Votre attestation de présence est jointe au format PDF.`,
    code: (code: string) => `Son code de vérification : ${code}`,
    verify: 'Toute personne peut vérifier son authenticité à cette adresse :',
    action: 'Vérifier l’attestation',
    later: 'Vous pouvez aussi la télécharger depuis la page de votre événement.',
  },
  en: {
    subject: (event: string) => `Your certificate of attendance: ${event}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (event: string, when: string) =>
      `Thank you for attending the event "${event}", on ${when}. Your certificate of attendance is attached as a PDF.`,
    code: (code: string) => `Its verification code: ${code}`,
    verify: 'Anyone can check that it is genuine at this address:',
    action: 'Check the certificate',
    later: 'You can also download it from your event page.',
  },
  de: {
    subject: (event: string) => `Ihre Teilnahmebescheinigung: ${event}`,
    greeting: (name: string) => `Hallo ${name},`,
    body: (event: string, when: string) =>
      `Vielen Dank für Ihre Teilnahme an der Veranstaltung „${event}“ am ${when}. Ihre Teilnahmebescheinigung liegt als PDF bei.`,
    code: (code: string) => `Ihr Prüfcode: ${code}`,
    verify: 'Jeder kann ihre Echtheit unter dieser Adresse prüfen:',
    action: 'Bescheinigung prüfen',
    later: 'Sie können sie auch auf der Seite Ihrer Veranstaltung herunterladen.',
  },
} as const satisfies Record<Locale, unknown>;

export function certificateMail(
  locale: Locale,
  values: {
    name: string;
    eventName: string;
    heldAt: Date;
    timeZone: string;
    /** The code as printed (groups of four). */
    code: string;
    verifyUrl: string;
  },
): RenderedMail {
  const params = oneLineValues(values);
  const t = CERTIFICATE[locale];
  const body = t.body(params.eventName, dateTime(locale, params.heldAt, params.timeZone));
  const text = [
    t.greeting(params.name),
    '',
    body,
    '',
    t.code(params.code),
    t.verify,
    params.verifyUrl,
    '',
    t.later,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(t.code(params.code))}</p>
<p>${escapeHtml(t.verify)} <a href="${escapeHtml(params.verifyUrl)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.later)}</p>`;
  return { subject: t.subject(params.eventName), text, html };
}
