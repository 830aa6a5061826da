// Deutsche Texte für Sendungen an alle Räume einer Veranstaltung (Issue 33, Teil 4).
import type { BroadcastTexts } from './broadcast.en.ts';

export const broadcastDe: BroadcastTexts = {
  broadcast: {
    open: 'An alle Räume',
    title: 'An alle Räume der Veranstaltung',
    intro: 'Was Sie hier senden, erreicht alle Räume der Veranstaltung gleichzeitig.',
    close: 'Schließen',
    message: 'Nachricht',
    messageLabel: 'Nachricht an alle Räume',
    messageHint: 'Erscheint im Chat jedes Raums als Ankündigung des Veranstaltungsteams.',
    send: 'An alle Räume senden',
    banner: 'Banner',
    bannerLabel: 'Bannertext',
    bannerHint: 'Wird oben in jedem Raum angezeigt, bis Sie es entfernen oder es abläuft.',
    bannerDuration: 'Angezeigt für',
    bannerUntilCleared: 'Bis zum Entfernen',
    minutes_one: '{{count}} Minute',
    minutes_other: '{{count}} Minuten',
    setBanner: 'Banner anzeigen',
    clearBanner: 'Banner entfernen',
    breakouts: 'Gruppenräume',
    breakoutsHint: 'Jeder Raum zeigt den Countdown; am Ende werden alle in den gewählten Raum gebracht.',
    breakoutMinutes: 'Gruppenräume enden in (Minuten)',
    targetRoom: 'Alle kommen zurück in',
    startBreakouts: 'Timer starten',
    recallNow: 'Alle jetzt zurückholen',
    sending: 'Wird gesendet…',
    reachedAll: 'An alle Räume gesendet ({{count}}).',
    reachedSome:
      'An {{reached}} von {{count}} Räumen gesendet. Nicht erhalten: {{missed}}. Erneut senden, um sie zu erreichen.',
    notStaff: 'Nichts wurde gesendet: nur das Team dieser Veranstaltung kann an ihre Räume senden.',
    failed:
      'Nichts wurde gesendet: der Server ist nicht erreichbar oder hat abgelehnt. Bitte erneut versuchen.',
    breakoutEnds: 'Die Gruppenräume enden um {{time}}.',
    announcementFrom: 'An alle Räume, vom Veranstaltungsteam',
    countdown: 'Gruppenräume enden in {{time}}: alle kommen zurück in {{room}}.',
    countdownAnnounced: 'Die Gruppenräume enden um {{time}}: danach kommen alle zurück in {{room}}.',
    recalledAway:
      'Die Gruppenräume sind beendet: alle kommen zurück in {{room}}. Sie werden dorthin gebracht…',
    recalledHere: 'Die Gruppenräume sind beendet: alle kommen in diesen Raum zurück.',
    broughtBack: 'Die Gruppenräume sind beendet: Sie wurden aus {{room}} in diesen Raum gebracht.',
    bannerLabelShown: 'Ankündigung',
    runningOnly: 'Senden an die Räume ist möglich, solange die Veranstaltung läuft.',
  },
};
