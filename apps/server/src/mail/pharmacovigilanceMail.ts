// The pharmacovigilance mails, in French, English and German: the report mailed to a lab's receivers (its
// three parts as readable label/value tables, its PDF attached by the sender) and the acknowledgement
// the reporter receives with the report's reference.
import {
  asOneLine,
  type Locale,
  type PharmacovigilanceReport,
  patientInitials,
  reportReference,
  SIGNATURE_MEANING_TEXT,
  type SignatureMeaning,
} from '@lablive/domain';
import { dateTime, escapeHtml, oneLineValues, type RenderedMail } from './mailFormat.ts';
import { REPORT_WORDING } from './pharmacovigilanceWording.ts';

const PHARMACOVIGILANCE = {
  fr: {
    subject: (drug: string) => `Pharmacovigilance : déclaration d’effet indésirable (${drug})`,
    intro: (user: string, session: string, when: string) =>
      `${user} a déclaré un effet indésirable pendant la session « ${session} », le ${when}.`,
    attached: 'La déclaration est jointe au format PDF.',
    footer: 'La déclaration est aussi enregistrée dans les rapports de pharmacovigilance de LabLive.',
  },
  en: {
    subject: (drug: string) => `Pharmacovigilance: adverse reaction report (${drug})`,
    intro: (user: string, session: string, when: string) =>
      `${user} reported an adverse reaction during the session "${session}", on ${when}.`,
    attached: 'The report is attached as a PDF.',
    footer: 'The report is also stored in the pharmacovigilance reports of LabLive.',
  },
  de: {
    subject: (drug: string) => `Pharmakovigilanz: Meldung einer Nebenwirkung (${drug})`,
    intro: (user: string, session: string, when: string) =>
      `${user} hat während der Sitzung „${session}“ am ${when} eine Nebenwirkung gemeldet.`,
    attached: 'Die Meldung liegt als PDF bei.',
    footer: 'Die Meldung ist auch in den Pharmakovigilanz-Berichten von LabLive gespeichert.',
  },
} as const satisfies Record<Locale, unknown>;

/**
 * A report's value in the plain text: an address or a reaction may take several lines, each after the
 * first indented under its label, so none starts at the margin where the mail's own lines are.
 */
const indentedLines = (value: string) =>
  value
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map(asOneLine)
    .join('\n    ');

export function pharmacovigilanceReportMail(
  locale: Locale,
  values: {
    reportId: number;
    username: string;
    sessionName: string;
    filedAt: Date;
    timeZone: string;
    report: PharmacovigilanceReport;
  },
): RenderedMail {
  const params = oneLineValues(values);
  const t = PHARMACOVIGILANCE[locale];
  const w = REPORT_WORDING[locale];
  const r = params.report;
  const l = w.labels;
  const reference = reportReference(params.reportId, params.filedAt);
  const sections: [string, [string, string][]][] = [
    [
      w.patient,
      [
        [l.gender, w.genders[r.gender]],
        // The patient is named by initials only: the mail leaves our systems, the full name stays stored.
        [l.initials, patientInitials(r.patient_firstname, r.patient_lastname)],
        [l.birthdate, r.patient_birthdate.slice(0, 10)],
        // Every value in the mail's language, the age range included.
        [l.ageRange, w.ageRanges[r.patient_age_range]],
      ],
    ],
    [
      w.doctor,
      [
        [l.lastName, r.doctor_lastname],
        [l.firstName, r.doctor_firstname],
        [l.phone, r.doctor_phone],
        [l.email, r.doctor_email],
        [l.specialty, r.doctor_specialty],
        [l.address, r.doctor_address],
        [l.zip, r.doctor_zip_code],
      ],
    ],
    [
      w.drug,
      [
        [l.drugName, r.drug_name],
        [l.batch, r.drug_batch_number],
        [l.reaction, r.drug_adverse_reaction],
      ],
    ],
  ];
  const intro = t.intro(
    params.username,
    params.sessionName,
    dateTime(locale, params.filedAt, params.timeZone),
  );
  const text = [
    intro,
    '',
    ...sections.flatMap(([title, rows]) => [
      title,
      ...rows.map(([label, value]) => `  ${label}${LABEL_COLON[locale]}${indentedLines(value)}`),
      '',
    ]),
    t.attached,
    `${t.footer} (${reference})`,
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
${sections
  .map(
    ([title, rows]) => `<h3>${escapeHtml(title)}</h3>
<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`).join('')}</table>`,
  )
  .join('\n')}
<p>${escapeHtml(t.attached)}<br>${escapeHtml(t.footer)} (${escapeHtml(reference)})</p>`;
  return { subject: t.subject(r.drug_name), text, html };
}

/** A label and its value: French sets a no-break space before the colon ("Sexe : Femme"). */
const LABEL_COLON: Record<Locale, string> = { fr: '\u00a0: ', en: ': ', de: ': ' };

const ACKNOWLEDGEMENT = {
  fr: {
    subject: (reference: string) => `Pharmacovigilance : votre déclaration ${reference} est enregistrée`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (drug: string, session: string, when: string, reference: string) =>
      `Votre déclaration d’effet indésirable (${drug}) faite pendant la session « ${session} », le ${when}, est enregistrée sous la référence ${reference}.`,
    next: 'Elle est transmise au service de pharmacovigilance du laboratoire. Rappelez cette référence dans tout échange à son sujet.',
    signed: (name: string, when: string) => `Signée électroniquement par ${name}, le ${when}.`,
    meaning: 'Signification',
    fingerprint: 'Empreinte de la déclaration (SHA-256)',
  },
  en: {
    subject: (reference: string) => `Pharmacovigilance: your report ${reference} is recorded`,
    greeting: (name: string) => `Hello ${name},`,
    body: (drug: string, session: string, when: string, reference: string) =>
      `Your adverse reaction report (${drug}) made during the session "${session}" on ${when} is recorded under the reference ${reference}.`,
    next: "It is passed on to the lab's pharmacovigilance department. Quote this reference in any exchange about it.",
    signed: (name: string, when: string) => `Signed electronically by ${name} on ${when}.`,
    meaning: 'Meaning',
    fingerprint: 'Fingerprint of the report (SHA-256)',
  },
  de: {
    subject: (reference: string) => `Pharmakovigilanz: Ihre Meldung ${reference} ist erfasst`,
    greeting: (name: string) => `Hallo ${name},`,
    body: (drug: string, session: string, when: string, reference: string) =>
      `Ihre Meldung einer Nebenwirkung (${drug}) während der Sitzung „${session}“ am ${when} ist unter der Referenz ${reference} erfasst.`,
    next: 'Sie wird an die Pharmakovigilanz-Abteilung des Labors weitergeleitet. Bitte geben Sie diese Referenz bei jeder Rückfrage an.',
    signed: (name: string, when: string) => `Elektronisch unterzeichnet von ${name} am ${when}.`,
    meaning: 'Bedeutung',
    fingerprint: 'Fingerabdruck der Meldung (SHA-256)',
  },
} as const satisfies Record<Locale, unknown>;

/**
 * To the person who filed a report: it is recorded, under this reference, and signed by them (21 CFR
 * 11.50: their printed name, when, what the signature means, and the hash binding it to the report).
 */
export function pharmacovigilanceAcknowledgementMail(
  locale: Locale,
  values: {
    name: string;
    reportId: number;
    drugName: string;
    sessionName: string;
    filedAt: Date;
    timeZone: string;
    signature: { name: string; signedAt: Date; meaning: SignatureMeaning; contentHash: string };
  },
): RenderedMail {
  const params = oneLineValues(values);
  const t = ACKNOWLEDGEMENT[locale];
  const reference = reportReference(params.reportId, params.filedAt);
  const body = t.body(
    params.drugName,
    params.sessionName,
    dateTime(locale, params.filedAt, params.timeZone),
    reference,
  );
  const { signature } = params;
  const signed = t.signed(asOneLine(signature.name), dateTime(locale, signature.signedAt, params.timeZone));
  const meaning = `${t.meaning}${LABEL_COLON[locale]}${SIGNATURE_MEANING_TEXT[locale][signature.meaning]}`;
  const fingerprint = `${t.fingerprint}${LABEL_COLON[locale]}${signature.contentHash}`;
  const text = [t.greeting(params.name), '', body, t.next, '', signed, meaning, fingerprint].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(t.next)}</p>
<p>${escapeHtml(signed)}<br>${escapeHtml(meaning)}<br>${escapeHtml(fingerprint)}</p>`;
  return { subject: t.subject(reference), text, html };
}
