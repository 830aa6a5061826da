// The e-mails LabLive sends, in French, English and German. The pharmacovigilance mails (the report, a
// long mail of its own, and the reporter's acknowledgement) live in pharmacovigilanceMail.ts and are
// exported from here with the others.
import type { Locale } from '@lablive/domain';
import { dateTime, escapeHtml, oneLineValues, type RenderedMail } from './mailFormat.ts';

export type { RenderedMail } from './mailFormat.ts';
export {
  pharmacovigilanceAcknowledgementMail,
  pharmacovigilanceReportMail,
} from './pharmacovigilanceMail.ts';

const PASSWORD_RESET = {
  fr: {
    subject: 'LabLive : réinitialisation de votre mot de passe',
    greeting: (name: string) => `Bonjour ${name},`,
    body: 'Vous avez demandé à changer votre mot de passe LabLive. Ouvrez ce lien pour en choisir un nouveau :',
    expiry: (minutes: number) => `Ce lien est valable ${minutes} minutes et ne sert qu’une fois.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    action: 'Choisir un nouveau mot de passe',
  },
  en: {
    subject: 'LabLive: reset your password',
    greeting: (name: string) => `Hello ${name},`,
    body: 'You asked to change your LabLive password. Open this link to choose a new one:',
    expiry: (minutes: number) => `This link is valid for ${minutes} minutes and works once.`,
    ignore: 'If you did not ask for this, ignore this message.',
    action: 'Choose a new password',
  },
  de: {
    subject: 'LabLive: Passwort zurücksetzen',
    greeting: (name: string) => `Hallo ${name},`,
    body: 'Sie haben eine Änderung Ihres LabLive-Passworts angefordert. Öffnen Sie diesen Link, um ein neues zu wählen:',
    expiry: (minutes: number) => `Dieser Link ist ${minutes} Minuten gültig und funktioniert nur einmal.`,
    ignore: 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht.',
    action: 'Neues Passwort wählen',
  },
} as const satisfies Record<Locale, unknown>;

export function passwordResetMail(
  locale: Locale,
  values: { name: string; resetUrl: string; validMinutes: number },
): RenderedMail {
  const params = oneLineValues(values);
  const t = PASSWORD_RESET[locale];
  const text = [
    t.greeting(params.name),
    '',
    t.body,
    params.resetUrl,
    '',
    t.expiry(params.validMinutes),
    t.ignore,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(params.resetUrl)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.expiry(params.validMinutes))}<br>${escapeHtml(t.ignore)}</p>`;
  return { subject: t.subject, text, html };
}

/** The calendar page's link (calendar/calendarLink.ts), in every mail about an event a guest attends. */
const CALENDAR_LINK = {
  fr: { text: 'Ajoutez-le à votre agenda (Outlook, Google, Apple) :', action: 'Ajouter à mon agenda' },
  en: { text: 'Add it to your calendar (Outlook, Google, Apple):', action: 'Add to my calendar' },
  de: {
    text: 'Fügen Sie sie Ihrem Kalender hinzu (Outlook, Google, Apple):',
    action: 'Zu meinem Kalender hinzufügen',
  },
} as const satisfies Record<Locale, unknown>;

function calendarLink(locale: Locale, url: string): { text: string[]; html: string } {
  const t = CALENDAR_LINK[locale];
  return {
    text: ['', t.text, url],
    html: `\n<p>${escapeHtml(t.text)} <a href="${escapeHtml(url)}">${escapeHtml(t.action)}</a></p>`,
  };
}

/**
 * The event's description as a mail carries it (issue 28): the editor's markup, already cut down to its
 * few safe tags (events/description.ts), in the HTML part; its plain text in the text part.
 */
export type MailDescription = { html: string; text: string };

function descriptionBlock(description: MailDescription | undefined): { text: string[]; html: string } {
  if (!description || description.text === '') return { text: [], html: '' };
  return { text: ['', description.text], html: `\n<div>${description.html}</div>` };
}

const INVITATION = {
  fr: {
    subject: (event: string) => `Invitation : ${event}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (event: string, when: string) => `Vous êtes invité(e) à l’événement « ${event} », le ${when}.`,
    running: (event: string, when: string) =>
      `Vous êtes invité(e) à l’événement « ${event} », commencé le ${when} : il est en cours, rejoignez-le dès maintenant.`,
    role: (role: string) => `Vous y participerez en tant que ${role}.`,
    roles: {
      participant: 'participant',
      animator: 'animateur',
      observer: 'observateur',
      'observer-animator': 'observateur-animateur',
    },
    link: 'Ce lien personnel vous connecte à l’événement ; ne le transmettez pas :',
    action: 'Rejoindre l’événement',
  },
  en: {
    subject: (event: string) => `Invitation: ${event}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (event: string, when: string) => `You are invited to the event "${event}", on ${when}.`,
    running: (event: string, when: string) =>
      `You are invited to the event "${event}", which started on ${when}: it is running now, join it straight away.`,
    role: (role: string) => `You will take part as ${role}.`,
    roles: {
      participant: 'participant',
      animator: 'animator',
      observer: 'observer',
      'observer-animator': 'observer-animator',
    },
    link: 'This personal link signs you in to the event; do not forward it:',
    action: 'Join the event',
  },
  de: {
    subject: (event: string) => `Einladung: ${event}`,
    greeting: (name: string) => `Hallo ${name},`,
    body: (event: string, when: string) => `Sie sind zur Veranstaltung „${event}“ eingeladen, am ${when}.`,
    running: (event: string, when: string) =>
      `Sie sind zur Veranstaltung „${event}“ eingeladen, die am ${when} begonnen hat: Sie läuft gerade, treten Sie gleich bei.`,
    role: (role: string) => `Sie nehmen als ${role} teil.`,
    roles: {
      participant: 'Teilnehmer',
      animator: 'Moderator',
      observer: 'Beobachter',
      'observer-animator': 'Beobachter-Moderator',
    },
    link: 'Dieser persönliche Link meldet Sie bei der Veranstaltung an; bitte nicht weitergeben:',
    action: 'Veranstaltung beitreten',
  },
} as const satisfies Record<Locale, unknown>;

export function invitationMail(
  locale: Locale,
  values: {
    name: string;
    eventName: string;
    startsAt: Date;
    timeZone: string;
    role: 'participant' | 'animator' | 'observer' | 'observer-animator';
    /** The guest's personal link. */
    url: string;
    calendarUrl: string;
    /** The event has started and is not closed: the mail says to join now, not on a day to come. */
    runningNow?: boolean;
    description?: MailDescription;
  },
): RenderedMail {
  const params = oneLineValues(values);
  const t = INVITATION[locale];
  const calendar = calendarLink(locale, params.calendarUrl);
  const about = descriptionBlock(params.description);
  const when = dateTime(locale, params.startsAt, params.timeZone);
  const body = (params.runningNow ? t.running : t.body)(params.eventName, when);
  const lines = [
    t.greeting(params.name),
    '',
    body,
    t.role(t.roles[params.role]),
    ...about.text,
    '',
    t.link,
    params.url,
    ...calendar.text,
  ];
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}<br>${escapeHtml(t.role(t.roles[params.role]))}</p>${about.html}
<p>${escapeHtml(t.link)}</p>
<p><a href="${escapeHtml(params.url)}">${escapeHtml(t.action)}</a></p>${calendar.html}`;
  return { subject: t.subject(params.eventName), text: lines.join('\n'), html };
}

const REMINDER = {
  fr: {
    subject: (event: string) => `Rappel : ${event}`,
    greeting: (name: string) => `Bonjour ${name},`,
    soon: { j7: 'dans une semaine', j1: 'demain', h1: 'dans une heure' },
    body: (event: string, soon: string, when: string) =>
      `L’événement « ${event} » commence ${soon}, le ${when}.`,
    link: 'Rejoignez-le avec ce lien :',
    action: 'Rejoindre l’événement',
  },
  en: {
    subject: (event: string) => `Reminder: ${event}`,
    greeting: (name: string) => `Hello ${name},`,
    soon: { j7: 'in a week', j1: 'tomorrow', h1: 'in one hour' },
    body: (event: string, soon: string, when: string) => `The event "${event}" starts ${soon}, on ${when}.`,
    link: 'Join it with this link:',
    action: 'Join the event',
  },
  de: {
    subject: (event: string) => `Erinnerung: ${event}`,
    greeting: (name: string) => `Hallo ${name},`,
    soon: { j7: 'in einer Woche', j1: 'morgen', h1: 'in einer Stunde' },
    body: (event: string, soon: string, when: string) =>
      `Die Veranstaltung „${event}“ beginnt ${soon}, am ${when}.`,
    link: 'Nehmen Sie über diesen Link teil:',
    action: 'Veranstaltung beitreten',
  },
} as const satisfies Record<Locale, unknown>;

/** A reminder before an event, with its date and time on the guest's clock and their link. */
export function reminderMail(
  locale: Locale,
  values: {
    name: string;
    eventName: string;
    startsAt: Date;
    timeZone: string;
    kind: 'j7' | 'j1' | 'h1';
    url: string;
    calendarUrl: string;
    description?: MailDescription;
  },
): RenderedMail {
  const params = oneLineValues(values);
  const t = REMINDER[locale];
  const when = dateTime(locale, params.startsAt, params.timeZone);
  const body = t.body(params.eventName, t.soon[params.kind], when);
  const calendar = calendarLink(locale, params.calendarUrl);
  const about = descriptionBlock(params.description);
  const text = [
    t.greeting(params.name),
    '',
    body,
    ...about.text,
    '',
    t.link,
    params.url,
    ...calendar.text,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}</p>${about.html}
<p><a href="${escapeHtml(params.url)}">${escapeHtml(t.action)}</a></p>${calendar.html}`;
  return { subject: t.subject(params.eventName), text, html };
}

const PERSONAL_LINK = {
  fr: {
    subject: (event: string) => `Votre nouveau lien : ${event}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (event: string, when: string) =>
      `Voici un nouveau lien personnel pour l’événement « ${event} », le ${when}.`,
    link: 'Il vous connecte à l’événement une fois ; ne le transmettez pas :',
    action: 'Rejoindre l’événement',
    ignore: 'Si vous n’avez pas demandé ce lien, ignorez ce message.',
  },
  en: {
    subject: (event: string) => `Your new link: ${event}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (event: string, when: string) =>
      `Here is a new personal link for the event "${event}", on ${when}.`,
    link: 'It signs you in to the event once; do not forward it:',
    action: 'Join the event',
    ignore: 'If you did not ask for this link, ignore this message.',
  },
  de: {
    subject: (event: string) => `Ihr neuer Link: ${event}`,
    greeting: (name: string) => `Hallo ${name},`,
    body: (event: string, when: string) =>
      `Hier ist ein neuer persönlicher Link für die Veranstaltung „${event}“ am ${when}.`,
    link: 'Er meldet Sie einmal bei der Veranstaltung an; bitte nicht weitergeben:',
    action: 'Veranstaltung beitreten',
    ignore: 'Wenn Sie diesen Link nicht angefordert haben, ignorieren Sie diese Nachricht.',
  },
} as const satisfies Record<Locale, unknown>;

/** What a mail carrying a guest's personal link says: who, which event when on their clock, their links. */
export type GuestLinkMailValues = {
  name: string;
  eventName: string;
  startsAt: Date;
  timeZone: string;
  url: string;
  calendarUrl: string;
  /** Carried by the mails that tell what the event is (an update); a fresh link's mail does not. */
  description?: MailDescription;
};

/** A fresh personal link, asked for from a used or expired one (auth/linkRenewal.ts). */
export function personalLinkMail(locale: Locale, values: GuestLinkMailValues): RenderedMail {
  const params = oneLineValues(values);
  const t = PERSONAL_LINK[locale];
  const body = t.body(params.eventName, dateTime(locale, params.startsAt, params.timeZone));
  const calendar = calendarLink(locale, params.calendarUrl);
  const text = [
    t.greeting(params.name),
    '',
    body,
    '',
    t.link,
    params.url,
    ...calendar.text,
    '',
    t.ignore,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(t.link)}</p>
<p><a href="${escapeHtml(params.url)}">${escapeHtml(t.action)}</a></p>${calendar.html}
<p>${escapeHtml(t.ignore)}</p>`;
  return { subject: t.subject(params.eventName), text, html };
}

const EVENT_UPDATE = {
  fr: {
    subject: (event: string) => `Modification : ${event}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (event: string, when: string) => `L’événement « ${event} » a changé : il aura lieu le ${when}.`,
    calendar: 'Le fichier joint met à jour l’entrée de votre agenda.',
    link: 'Rejoignez-le avec ce lien :',
    action: 'Rejoindre l’événement',
  },
  en: {
    subject: (event: string) => `Updated: ${event}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (event: string, when: string) => `The event "${event}" has changed: it now takes place on ${when}.`,
    calendar: 'The attached file updates the entry in your calendar.',
    link: 'Join it with this link:',
    action: 'Join the event',
  },
  de: {
    subject: (event: string) => `Geändert: ${event}`,
    greeting: (name: string) => `Hallo ${name},`,
    body: (event: string, when: string) =>
      `Die Veranstaltung „${event}“ wurde geändert: Sie findet jetzt am ${when} statt.`,
    calendar: 'Die angehängte Datei aktualisiert den Eintrag in Ihrem Kalender.',
    link: 'Nehmen Sie über diesen Link teil:',
    action: 'Veranstaltung beitreten',
  },
} as const satisfies Record<Locale, unknown>;

/** An event moved or renamed: its new date on the guest's clock, their link; the .ics goes with it. */
export function eventUpdateMail(locale: Locale, values: GuestLinkMailValues): RenderedMail {
  const params = oneLineValues(values);
  const t = EVENT_UPDATE[locale];
  const body = t.body(params.eventName, dateTime(locale, params.startsAt, params.timeZone));
  const calendar = calendarLink(locale, params.calendarUrl);
  const about = descriptionBlock(params.description);
  const text = [
    t.greeting(params.name),
    '',
    body,
    t.calendar,
    ...about.text,
    '',
    t.link,
    params.url,
    ...calendar.text,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}<br>${escapeHtml(t.calendar)}</p>${about.html}
<p><a href="${escapeHtml(params.url)}">${escapeHtml(t.action)}</a></p>${calendar.html}`;
  return { subject: t.subject(params.eventName), text, html };
}

const EVENT_CANCELLED = {
  fr: {
    subject: (event: string) => `Annulé : ${event}`,
    greeting: (name: string) => `Bonjour ${name},`,
    event: (event: string, when: string) => `L’événement « ${event} » du ${when} est annulé.`,
    guest: (event: string, when: string) =>
      `Vous ne faites plus partie des invités de l’événement « ${event} » du ${when}.`,
    calendar: 'Le fichier joint retire l’entrée de votre agenda.',
  },
  en: {
    subject: (event: string) => `Cancelled: ${event}`,
    greeting: (name: string) => `Hello ${name},`,
    event: (event: string, when: string) => `The event "${event}" on ${when} is cancelled.`,
    guest: (event: string, when: string) => `You are no longer a guest of the event "${event}" on ${when}.`,
    calendar: 'The attached file removes the entry from your calendar.',
  },
  de: {
    subject: (event: string) => `Abgesagt: ${event}`,
    greeting: (name: string) => `Hallo ${name},`,
    event: (event: string, when: string) => `Die Veranstaltung „${event}“ am ${when} ist abgesagt.`,
    guest: (event: string, when: string) =>
      `Sie sind nicht mehr zur Veranstaltung „${event}“ am ${when} eingeladen.`,
    calendar: 'Die angehängte Datei entfernt den Eintrag aus Ihrem Kalender.',
  },
} as const satisfies Record<Locale, unknown>;

/** The guest's calendar entry is withdrawn: the event was cancelled, or the guest taken off its list. */
export function eventCancelledMail(
  locale: Locale,
  values: { name: string; eventName: string; startsAt: Date; timeZone: string; why: 'event' | 'guest' },
): RenderedMail {
  const params = oneLineValues(values);
  const t = EVENT_CANCELLED[locale];
  const body = t[params.why](params.eventName, dateTime(locale, params.startsAt, params.timeZone));
  const text = [t.greeting(params.name), '', body, t.calendar].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(body)}<br>${escapeHtml(t.calendar)}</p>`;
  return { subject: t.subject(params.eventName), text, html };
}
