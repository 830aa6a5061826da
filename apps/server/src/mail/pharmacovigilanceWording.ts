// The words of an adverse-reaction report in French, English and German: its three parts (patient, health
// professional, drug), its fields, and the values that are words (sex, age range). The receivers' mail
// (pharmacovigilanceMail.ts) and the report's PDF (pharmacovigilance/reportPdf.ts) use these, so a
// reader finds the same words in both.
import { type Locale, PATIENT_AGE_RANGE_LABELS, type PatientAgeRange } from '@lablive/domain';

type ReportWording = {
  patient: string;
  doctor: string;
  drug: string;
  labels: Record<
    | 'gender'
    | 'initials'
    | 'birthdate'
    | 'ageRange'
    | 'lastName'
    | 'firstName'
    | 'phone'
    | 'email'
    | 'specialty'
    | 'address'
    | 'zip'
    | 'drugName'
    | 'batch'
    | 'reaction',
    string
  >;
  genders: Record<'f' | 'm', string>;
  ageRanges: Record<PatientAgeRange, string>;
};

export const REPORT_WORDING = {
  fr: {
    patient: 'Patient traité',
    doctor: 'Professionnel de santé',
    drug: 'Médicament',
    labels: {
      gender: 'Sexe',
      initials: 'Initiales',
      birthdate: 'Date de naissance',
      ageRange: 'Tranche d’âge',
      lastName: 'Nom',
      firstName: 'Prénom',
      phone: 'Téléphone',
      email: 'E-mail',
      specialty: 'Spécialité',
      address: 'Adresse postale',
      zip: 'Code postal',
      drugName: 'Nom du médicament',
      batch: 'Numéro de lot',
      reaction: 'Description de l’effet indésirable',
    },
    genders: { f: 'Femme', m: 'Homme' },
    ageRanges: PATIENT_AGE_RANGE_LABELS.fr,
  },
  en: {
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
    ageRanges: PATIENT_AGE_RANGE_LABELS.en,
  },
  de: {
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
    ageRanges: PATIENT_AGE_RANGE_LABELS.de,
  },
} as const satisfies Record<Locale, ReportWording>;
