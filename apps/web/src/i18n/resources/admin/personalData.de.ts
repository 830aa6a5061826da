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
    registrations: 'ihre Anmeldungen zu öffentlichen Veranstaltungen: Stand, angegebene Daten und Antworten;',
    roomActivity:
      'was sie in den Räumen dieser Veranstaltungen tat: Betreten und Verlassen, Chatnachrichten, Antworten auf Umfragen und Ähnliches;',
    reports:
      'die Pharmakovigilanz-Meldungen, die sie abgegeben hat oder in denen sie genannt ist, mit Referenz, Arzneimittel und ihrer Rolle (Meldende oder Arzt/Ärztin);',
    mails: 'die an sie gesendeten E-Mails: Betreff, Zeitpunkt und ob sie verschickt wurden;',
    consents: 'die erteilten und widerrufenen Einwilligungen mit dem zugestimmten Wortlaut;',
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
  erasure: {
    title: 'Daten dieser Person löschen',
    explain:
      'Verlangt eine Person die Löschung ihrer Daten (DSGVO, Artikel 17), löschen Sie sie hier. Ihr Name, ihre Adresse, ihre Chatnachrichten und Notizen werden überall unlesbar und erscheinen als „gelöscht“, ihr Konto (falls vorhanden) wird anonymisiert und deaktiviert, und die signierten Protokolle bleiben prüfbar.',
    hold: 'Pharmakovigilanz-Meldungen, die sie abgegeben hat oder in denen sie genannt ist, werden wegen einer gesetzlichen Aufbewahrungspflicht behalten (Durchführungsverordnung (EU) Nr. 520/2012, Artikel 12; DSGVO, Artikel 17 Absatz 3): Das Ergebnis nennt sie, mit einem Satz für die Person.',
    email: 'E-Mail-Adresse der zu löschenden Person',
    emailHint:
      'Das lässt sich nicht rückgängig machen: Laden Sie zuerst ihre Daten herunter, wenn sie auch diese verlangt hat.',
    erase: 'Ihre Daten löschen…',
    confirmTitle: 'Daten dieser Person löschen',
    confirmMessage:
      'Alles, was das Labor über {{email}} speichert, wird endgültig unlesbar, außer den Meldungen mit gesetzlicher Aufbewahrungspflicht. Geben Sie als Grund ihr Ersuchen an: wie und wann es kam (zum Beispiel „Ersuchen per Brief vom 29.11.2026“), ohne die Person zu nennen: Der Grund wird so gespeichert, wie er eingegeben wurde.',
    confirm: 'Löschen',
    result: {
      title: 'Die Daten von {{email}} sind gelöscht',
      when: 'Gelöscht am {{time}} ({{zone}}).',
      reference: 'Referenz dieser Löschung im Audit-Trail:',
      counts: 'Was gelöscht wurde',
      participations: 'Unlesbar gemachte Veranstaltungsteilnahmen',
      accounts: 'Anonymisierte und deaktivierte Konten',
      keys: 'Vernichtete Datenschlüssel',
      mails: 'E-Mails, deren Empfänger vergessen ist',
      noneKept: 'Keine Pharmakovigilanz-Meldung wird behalten: Der Person ist nichts weiter mitzuteilen.',
      keptTitle: 'Wegen gesetzlicher Aufbewahrungspflicht behaltene Meldungen',
      keptIntro_one:
        'Diese Pharmakovigilanz-Meldung wird behalten. Teilen Sie der Person mit, welche, und warum:',
      keptIntro_other:
        'Diese {{count}} Pharmakovigilanz-Meldungen werden behalten. Teilen Sie der Person mit, welche, und warum:',
      letterLabel: 'An die Person zu senden',
      letter_one:
        'Wie von Ihnen verlangt, haben wir Ihre personenbezogenen Daten gelöscht, außer der Pharmakovigilanz-Meldung {{references}}, die wir aufbewahren müssen: Das Unionsrecht verlangt, Meldungen vermuteter Nebenwirkungen aufzubewahren, solange das Arzneimittel zugelassen ist, und mindestens zehn Jahre danach (Durchführungsverordnung (EU) Nr. 520/2012, Artikel 12), und die DSGVO erlaubt dies (Artikel 17 Absatz 3 Buchstaben b und c).',
      letter_other:
        'Wie von Ihnen verlangt, haben wir Ihre personenbezogenen Daten gelöscht, außer den Pharmakovigilanz-Meldungen {{references}}, die wir aufbewahren müssen: Das Unionsrecht verlangt, Meldungen vermuteter Nebenwirkungen aufzubewahren, solange das Arzneimittel zugelassen ist, und mindestens zehn Jahre danach (Durchführungsverordnung (EU) Nr. 520/2012, Artikel 12), und die DSGVO erlaubt dies (Artikel 17 Absatz 3 Buchstaben b und c).',
    },
  },
};
