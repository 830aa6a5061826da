// Registration for public events (issue 33, part 5) as the tests meet it: a form's settings, a guest's
// registration sent as the public page sends it, and the links of the mails a guest receives (confirm
// their address, their personal link, cancel), read from the mail as the guest would follow them.
import type { RegistrationRequest, RegistrationSettings } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { CapturedMail, SmtpCapture } from './smtpCapture.ts';

/** A form with one custom field of each type, the required choice and yes/no among them. */
export const SAMPLE_REGISTRATION_FORM: RegistrationSettings = {
  enabled: true,
  capacity: 1,
  approval: false,
  consent_kinds: [],
  fields: [
    {
      key: 'specialty',
      type: 'choice',
      label: { fr: 'Spécialité', en: 'Specialty', de: 'Fachgebiet' },
      required: true,
      choices: [
        { key: 'cardiology', label: { fr: 'Cardiologie', en: 'Cardiology', de: 'Kardiologie' } },
        { key: 'oncology', label: { fr: 'Oncologie', en: 'Oncology', de: 'Onkologie' } },
      ],
    },
    {
      key: 'rpps',
      type: 'text',
      label: { fr: 'Numéro RPPS', en: 'RPPS number', de: 'RPPS-Nummer' },
      required: false,
      choices: [],
    },
    {
      key: 'hcp',
      type: 'yes_no',
      label: {
        fr: 'Je suis professionnel de santé',
        en: 'I am a health professional',
        de: 'Ich bin Angehöriger eines Gesundheitsberufs',
      },
      required: true,
      choices: [],
    },
  ],
};

/** A guest's registration for SAMPLE_REGISTRATION_FORM, answered, at `email`. */
export function sampleRegistration(
  email: string,
  overrides: Partial<RegistrationRequest> = {},
): RegistrationRequest {
  return {
    first_name: 'Rita',
    last_name: email.split('@')[0] ?? 'Guest',
    email,
    locale: 'en',
    time_zone: 'Europe/Paris',
    answers: { specialty: 'cardiology', hcp: true },
    consent_version_ids: [],
    ...overrides,
  };
}

/** POST the registration as the public page does. */
export function sendRegistration(app: FastifyInstance, slug: string, registration: object) {
  return app.inject({
    method: 'POST',
    url: `/api/eventInfo/by-slug/${encodeURIComponent(slug)}/registrations`,
    payload: registration,
  });
}

/** The first link of the mail to the path (`/registration/confirm`, `/registration/cancel`, `/?invitation`). */
export function linkInMail(mail: CapturedMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"<>]*${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in the mail "${mail.text.slice(0, 300)}"`);
  return match[0].replaceAll('&amp;', '&');
}

/** The token of a registration link (`?token=`), as the page reads it. */
export const tokenOfLink = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** The latest mail to `email` whose subject says `subject` (the mail's text holds its subject line). */
export function waitForMailTo(smtp: SmtpCapture, email: string, subject: string | RegExp) {
  return smtp.waitForMail(
    (mail) =>
      mail.to.includes(email) &&
      (typeof subject === 'string' ? mail.text.includes(subject) : subject.test(mail.text)),
    20_000,
  );
}
