// A person's data as a PDF they can read (GDPR access): the same content as the JSON export, section by
// section, in their language, every date in the reader's zone with the zone named.
import { instantFormat, type Locale } from '@lablive/domain';
import { startPdf } from '../files/pdfFonts.ts';
import type { PersonalData } from './personalDataService.ts';

const WORDING = {
  fr: {
    title: 'Données personnelles détenues par LabLive',
    about: (email: string) => `Adresse : ${email}`,
    gathered: (when: string) => `Rassemblées le ${when}`,
    account: 'Compte',
    participations: 'Participations aux événements',
    roomActivity: 'Activité dans les salles',
    reports: 'Déclarations de pharmacovigilance',
    mails: 'E-mails envoyés',
    consents: 'Consentements donnés et retirés',
    registrations: 'Inscriptions aux événements publics',
    downloads: 'Documents téléchargés',
    auditTrail: 'Actions enregistrées dans la piste d’audit',
    none: 'Aucune donnée.',
    parts: { reporter: 'déclarant', doctor: 'médecin cité' },
    omitted: 'Les données des patients et des autres personnes ne figurent pas dans ce document.',
  },
  en: {
    title: 'Personal data held by LabLive',
    about: (email: string) => `Address: ${email}`,
    gathered: (when: string) => `Gathered on ${when}`,
    account: 'Account',
    participations: 'Event participations',
    roomActivity: 'Activity in rooms',
    reports: 'Pharmacovigilance reports',
    mails: 'Mails sent',
    consents: 'Consents given and withdrawn',
    registrations: 'Registrations for public events',
    downloads: 'Documents downloaded',
    auditTrail: 'Actions recorded in the audit trail',
    none: 'None.',
    parts: { reporter: 'reporter', doctor: 'named doctor' },
    omitted: 'Data of patients and of other people is not in this document.',
  },
  de: {
    title: 'Bei LabLive gespeicherte personenbezogene Daten',
    about: (email: string) => `Adresse: ${email}`,
    gathered: (when: string) => `Zusammengestellt am ${when}`,
    account: 'Konto',
    participations: 'Teilnahmen an Veranstaltungen',
    roomActivity: 'Aktivität in Räumen',
    reports: 'Pharmakovigilanz-Meldungen',
    mails: 'Gesendete E-Mails',
    consents: 'Erteilte und widerrufene Einwilligungen',
    registrations: 'Anmeldungen zu öffentlichen Veranstaltungen',
    downloads: 'Heruntergeladene Dokumente',
    auditTrail: 'Im Audit-Trail erfasste Aktionen',
    none: 'Keine.',
    parts: { reporter: 'Meldender', doctor: 'genannter Arzt' },
    omitted: 'Daten von Patienten und anderen Personen sind nicht in diesem Dokument enthalten.',
  },
} as const satisfies Record<Locale, unknown>;

const MARGIN = 48;

/** A value as a line of text: what is absent is left out, objects as compact JSON. */
const shown = (value: unknown): string | null =>
  value === null || value === undefined || value === ''
    ? null
    : typeof value === 'string'
      ? value
      : Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? value.join(', ')
        : JSON.stringify(value);

export async function personalDataPdf(data: PersonalData, locale: Locale, timeZone: string): Promise<Buffer> {
  const t = WORDING[locale];
  const format = instantFormat(locale, timeZone);
  const when = (iso: string | null) =>
    iso === null ? null : `${format.format(new Date(iso))} (${timeZone})`;
  const { doc, finished } = await startPdf({ margin: MARGIN, info: { Title: t.title, Author: 'LabLive' } });

  doc.font('bold').fontSize(16).text(t.title);
  doc
    .font('regular')
    .fontSize(10)
    .text(t.about(data.email))
    .text(t.gathered(when(data.gatheredAt) ?? ''));
  doc.fontSize(8).fillColor('#555555').text(t.omitted).fillColor('black');

  const section = (heading: string, items: ReadonlyArray<Record<string, unknown>>) => {
    doc.moveDown(0.8).font('bold').fontSize(12).text(heading);
    doc.font('regular').fontSize(9);
    if (items.length === 0) {
      doc.text(t.none);
      return;
    }
    for (const item of items) {
      const line = Object.entries(item)
        .map(([key, value]) => {
          const text = shown(value);
          return text === null ? null : `${key}: ${text}`;
        })
        .filter((part) => part !== null)
        .join(' · ');
      doc.moveDown(0.2).text(line);
    }
  };

  section(t.account, data.account ? [{ ...data.account, createdAt: when(data.account.createdAt) }] : []);
  section(
    t.participations,
    data.participations.map((row) => ({
      ...row,
      eventStart: when(row.eventStart),
      invitedAt: when(row.invitedAt),
    })),
  );
  section(
    t.roomActivity,
    data.roomActivity.map((row) => ({ at: when(row.at), room: row.room, type: row.type, data: row.data })),
  );
  section(
    t.reports,
    data.pharmacovigilanceReports.map((row) => ({
      ...row,
      filedAt: when(row.filedAt),
      part: t.parts[row.part],
    })),
  );
  section(
    t.mails,
    data.mails.map((row) => ({ ...row, at: when(row.at) })),
  );
  section(
    t.registrations,
    data.registrations.map((row) => ({
      ...row,
      registeredAt: when(row.registeredAt),
      confirmedAt: when(row.confirmedAt),
    })),
  );
  section(
    t.consents,
    data.consents.map((row) => ({ ...row, givenAt: when(row.givenAt), withdrawnAt: when(row.withdrawnAt) })),
  );
  section(
    t.downloads,
    data.documentDownloads.map((row) => ({ ...row, at: when(row.at) })),
  );
  section(
    t.auditTrail,
    data.auditTrail.map((row) => ({ ...row, at: when(row.at) })),
  );
  doc.end();
  return finished;
}
