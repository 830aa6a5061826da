// An event's registrations as a CSV in its reader's language (files/csvFile.ts): one row per registration
// with its status, the standard fields, each custom field's answer (a choice by its label, yes/no in
// words), the consents accepted and the times on the reader's clock, the zone named in the header.
import {
  intlLocale,
  type Locale,
  type RegistrationField,
  type RegistrationStatus,
  type RegistrationView,
} from '@lablive/domain';
import { type CsvCell, csvFile } from '../files/csvFile.ts';

const WORDS = {
  fr: {
    header: ['Statut', 'Prénom', 'Nom', 'E-mail', 'Langue', 'Fuseau horaire'],
    consents: 'Consentements',
    registeredAt: (zone: string) => `Inscrit le (${zone})`,
    confirmedAt: (zone: string) => `Confirmé le (${zone})`,
    reason: 'Motif du refus',
    yes: 'oui',
    no: 'non',
    statuses: {
      unconfirmed: 'adresse non confirmée',
      pending: 'en attente de validation',
      registered: 'inscrit',
      waitlisted: 'liste d’attente',
      refused: 'refusé',
      cancelled: 'annulé',
      removed: 'retiré',
    },
    kinds: { data_processing: 'traitement des données', recording: 'enregistrement', contact: 'contact' },
  },
  en: {
    header: ['Status', 'First name', 'Last name', 'E-mail', 'Language', 'Time zone'],
    consents: 'Consents',
    registeredAt: (zone: string) => `Registered on (${zone})`,
    confirmedAt: (zone: string) => `Confirmed on (${zone})`,
    reason: 'Reason for refusal',
    yes: 'yes',
    no: 'no',
    statuses: {
      unconfirmed: 'address not confirmed',
      pending: 'awaiting approval',
      registered: 'registered',
      waitlisted: 'waiting list',
      refused: 'refused',
      cancelled: 'cancelled',
      removed: 'removed',
    },
    kinds: { data_processing: 'data processing', recording: 'recording', contact: 'contact' },
  },
  de: {
    header: ['Status', 'Vorname', 'Nachname', 'E-Mail', 'Sprache', 'Zeitzone'],
    consents: 'Einwilligungen',
    registeredAt: (zone: string) => `Angemeldet am (${zone})`,
    confirmedAt: (zone: string) => `Bestätigt am (${zone})`,
    reason: 'Ablehnungsgrund',
    yes: 'ja',
    no: 'nein',
    statuses: {
      unconfirmed: 'Adresse nicht bestätigt',
      pending: 'wartet auf Freigabe',
      registered: 'angemeldet',
      waitlisted: 'Warteliste',
      refused: 'abgelehnt',
      cancelled: 'storniert',
      removed: 'entfernt',
    },
    kinds: { data_processing: 'Datenverarbeitung', recording: 'Aufzeichnung', contact: 'Kontakt' },
  },
} as const satisfies Record<
  Locale,
  { statuses: Record<RegistrationStatus, string>; [word: string]: unknown }
>;

export function registrationsCsv(
  locale: Locale,
  timeZone: string,
  fields: readonly RegistrationField[],
  registrations: readonly RegistrationView[],
): string {
  const t = WORDS[locale];
  const at = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  const when = (iso: string | null) => (iso === null ? null : at.format(new Date(iso)));
  const answerText = (field: RegistrationField, answer: string | boolean | undefined): CsvCell => {
    if (answer === undefined) return null;
    if (typeof answer === 'boolean') return answer ? t.yes : t.no;
    if (field.type === 'choice')
      return field.choices.find((choice) => choice.key === answer)?.label[locale] ?? answer;
    return answer;
  };
  const header = [
    ...t.header,
    ...fields.map((field) => field.label[locale]),
    t.consents,
    t.registeredAt(timeZone),
    t.confirmedAt(timeZone),
    t.reason,
  ];
  const rows = registrations.map((registration): CsvCell[] => [
    t.statuses[registration.status],
    registration.first_name,
    registration.last_name,
    registration.email,
    registration.locale,
    registration.time_zone,
    ...fields.map((field) => answerText(field, registration.answers[field.key])),
    registration.consents.map((consent) => `${t.kinds[consent.kind]} (v${consent.version})`).join(', '),
    when(registration.created_at),
    when(registration.confirmed_at),
    registration.refusal_reason,
  ]);
  return csvFile(locale, header, rows);
}
