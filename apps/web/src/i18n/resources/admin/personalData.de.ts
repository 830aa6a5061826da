// Deutsche Texte der Seite Auskunftsersuchen (Schlüssel `personalData` im Namensraum `admin`).
import type { Widen } from '../widen.ts';
import type { personalDataEn } from './personalData.en.ts';

export const personalDataDe: Widen<typeof personalDataEn> = {
  title: 'Auskunftsersuchen (DSGVO)',
  intro:
    'Verlangt eine Person Auskunft über die Daten, die das Labor über sie speichert (DSGVO, Artikel 15), laden Sie diese hier anhand ihrer E-Mail-Adresse herunter und senden Sie sie ihr.',
  holds: {
    title: 'Was der Export enthält',
    account: 'ihr Konto, falls vorhanden: Name, Tätigkeit, Adresse, Rollen, Gruppen;',
    participations:
      'die Veranstaltungen, zu denen sie eingeladen wurde oder an denen sie teilnahm, mit den für sie erfassten Angaben;',
    roomActivity:
      'was sie in den Räumen dieser Veranstaltungen tat: Betreten und Verlassen, Chatnachrichten, Antworten auf Umfragen und Ähnliches;',
    reports:
      'die Pharmakovigilanz-Meldungen, die sie abgegeben hat oder in denen sie genannt ist, mit Referenz, Arzneimittel und ihrer Rolle (Meldende oder Arzt/Ärztin);',
    mails: 'die an sie gesendeten E-Mails: Betreff, Zeitpunkt und ob sie verschickt wurden;',
    downloads: 'die Dokumente, die sie heruntergeladen hat;',
    audit: 'ihre eigenen Einträge im Audit-Trail.',
  },
  leavesOut:
    'Daten anderer Personen enthält er nicht: Die in einer Meldung beschriebenen Patienten und die anderen Gäste eines Raums stehen ihr nicht zu.',
  recorded: 'Jedes Ersuchen wird im Audit-Trail festgehalten, mit der anfragenden Person und der Adresse.',
  form: {
    title: 'Daten einer Person herunterladen',
    email: 'E-Mail-Adresse der Person',
    emailHint: 'Die Adresse, von der sie geschrieben hat, oder die, mit der sie eingeladen wurde.',
    json: 'Als JSON herunterladen',
    pdf: 'Als PDF herunterladen (lesbar)',
    preparing: 'Datei wird vorbereitet…',
    pdfNote: 'Das PDF ist auf Deutsch verfasst, seine Zeitangaben in Ihrer Zeitzone ({{zone}}).',
    saved: '{{file}} gespeichert: die Daten von {{email}}.',
    failed: 'Die Datei konnte nicht heruntergeladen werden: {{reason}}',
  },
};
