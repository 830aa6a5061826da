// The pharmacovigilance report mailed to a lab's receivers, in French, English and German: the report's
// three parts (patient, health professional, drug) as readable label/value tables.
import type { Locale, PharmacovigilanceReport } from '@lablive/domain';
import { dateTime, escapeHtml, type RenderedMail } from './mailFormat.ts';

const PHARMACOVIGILANCE = {
  fr: {
    subject: (drug: string) => `Pharmacovigilance : déclaration d'effet indésirable (${drug})`,
    intro: (user: string, session: string, when: string) =>
      `${user} a déclaré un effet indésirable pendant la session « ${session} », le ${when}.`,
    ageRanges: {
      Newborns: 'Nouveau-nés',
      Nurslings: 'Nourrissons',
      Infants: 'Enfants',
      Teenagers: 'Adolescents',
      Adults: 'Adultes',
    },
    patient: 'Patient traité',
    doctor: 'Professionnel de santé',
    drug: 'Médicament',
    labels: {
      gender: 'Sexe',
      initials: 'Initiales',
      birthdate: 'Date de naissance',
      ageRange: "Tranche d'âge",
      lastName: 'Nom',
      firstName: 'Prénom',
      phone: 'Téléphone',
      email: 'E-mail',
      specialty: 'Spécialité',
      address: 'Adresse postale',
      zip: 'Code postal',
      drugName: 'Nom du médicament',
      batch: 'Numéro de lot',
      reaction: "Description de l'effet indésirable",
    },
    genders: { f: 'Femme', m: 'Homme' },
    footer: 'La déclaration est aussi enregistrée dans les rapports de pharmacovigilance de LabLive.',
  },
  en: {
    subject: (drug: string) => `Pharmacovigilance: adverse reaction report (${drug})`,
    intro: (user: string, session: string, when: string) =>
      `${user} reported an adverse reaction during the session "${session}", on ${when}.`,
    ageRanges: {
      Newborns: 'Newborns',
      Nurslings: 'Nurslings',
      Infants: 'Infants',
      Teenagers: 'Teenagers',
      Adults: 'Adults',
    },
    patient: 'Treated patient',
    doctor: 'Health professional',
    drug: 'Drug',
    labels: {
      gender: 'Gender',
      initials: 'Initials',
      birthdate: 'Date of birth',
      ageRange: 'Age range',
      lastName: 'Last name',
      firstName: 'First name',
      phone: 'Phone',
      email: 'E-mail',
      specialty: 'Specialty',
      address: 'Postal address',
      zip: 'Zip code',
      drugName: 'Drug name',
      batch: 'Batch number',
      reaction: 'Adverse reaction',
    },
    genders: { f: 'Female', m: 'Male' },
    footer: 'The report is also stored in the pharmacovigilance reports of LabLive.',
  },
  de: {
    subject: (drug: string) => `Pharmakovigilanz: Meldung einer Nebenwirkung (${drug})`,
    intro: (user: string, session: string, when: string) =>
      `${user} hat während der Sitzung „${session}“ am ${when} eine Nebenwirkung gemeldet.`,
    ageRanges: {
      Newborns: 'Neugeborene',
      Nurslings: 'Säuglinge',
      Infants: 'Kleinkinder',
      Teenagers: 'Jugendliche',
      Adults: 'Erwachsene',
    },
    patient: 'Behandelter Patient',
    doctor: 'Angehöriger eines Gesundheitsberufs',
    drug: 'Arzneimittel',
    labels: {
      gender: 'Geschlecht',
      initials: 'Initialen',
      birthdate: 'Geburtsdatum',
      ageRange: 'Altersgruppe',
      lastName: 'Nachname',
      firstName: 'Vorname',
      phone: 'Telefon',
      email: 'E-Mail',
      specialty: 'Fachrichtung',
      address: 'Postanschrift',
      zip: 'Postleitzahl',
      drugName: 'Name des Arzneimittels',
      batch: 'Chargennummer',
      reaction: 'Beschreibung der Nebenwirkung',
    },
    genders: { f: 'Weiblich', m: 'Männlich' },
    footer: 'Die Meldung ist auch in den Pharmakovigilanz-Berichten von LabLive gespeichert.',
  },
} as const satisfies Record<Locale, unknown>;

/** The patient is named by initials only: the mail leaves our systems, the full name stays stored. */
const initials = (first: string, last: string) =>
  `${first.trim().charAt(0)}.${last.trim().charAt(0)}.`.toUpperCase();

export function pharmacovigilanceReportMail(
  locale: Locale,
  params: {
    reportId: number;
    username: string;
    sessionName: string;
    filedAt: Date;
    timeZone: string;
    report: PharmacovigilanceReport;
  },
): RenderedMail {
  const t = PHARMACOVIGILANCE[locale];
  const r = params.report;
  const l = t.labels;
  const gender = r.gender === 'f' || r.gender === 'm' ? t.genders[r.gender] : r.gender;
  const sections: [string, [string, string][]][] = [
    [
      t.patient,
      [
        [l.gender, gender],
        [l.initials, initials(r.patient_firstname, r.patient_lastname)],
        [l.birthdate, r.patient_birthdate.slice(0, 10)],
        // Every value in the mail's language, the age range included.
        [l.ageRange, t.ageRanges[r.patient_age_range]],
      ],
    ],
    [
      t.doctor,
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
      t.drug,
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
      ...rows.map(([label, value]) => `  ${label}: ${value}`),
      '',
    ]),
    `${t.footer} (#${params.reportId})`,
  ].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
${sections
  .map(
    ([title, rows]) => `<h3>${escapeHtml(title)}</h3>
<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`).join('')}</table>`,
  )
  .join('\n')}
<p>${escapeHtml(t.footer)} (#${params.reportId})</p>`;
  return { subject: t.subject(r.drug_name), text, html };
}
