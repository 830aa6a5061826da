// The mails of a registration for a public event (issue 33, part 5), in the guest's language with the
// event's start on their clock, the zone named: the link that confirms their address (the address is a
// claim until it is followed), then where they stand: a place (with their personal link, which the sender
// pairs with the calendar entry), the waiting list, awaiting the organisers' approval, refused (with the
// reason when one was given), or their place ended (cancelled by them, removed by the organisers). Every
// mail after the confirmation carries the link that cancels the registration.
import type { Locale } from '@lablive/domain';
import { dateTime, escapeHtml, oneLineValues, type RenderedMail } from './mailFormat.ts';

export type RegistrationMailKind = 'confirm' | 'registered' | 'waitlisted' | 'pending' | 'refused' | 'ended';

type Words = {
  subject: Record<RegistrationMailKind, (event: string) => string>;
  greeting: (name: string) => string;
  body: Record<RegistrationMailKind, (event: string, when: string) => string>;
  action: { confirm: string; join: string; cancel: string };
  personalLink: string;
  cancelLink: string;
  reason: (reason: string) => string;
};

const WORDS = {
  fr: {
    subject: {
      confirm: (event) => `Confirmez votre inscription : ${event}`,
      registered: (event) => `Inscription confirmée : ${event}`,
      waitlisted: (event) => `Liste d’attente : ${event}`,
      pending: (event) => `Inscription en attente de validation : ${event}`,
      refused: (event) => `Inscription refusée : ${event}`,
      ended: (event) => `Inscription annulée : ${event}`,
    },
    greeting: (name) => `Bonjour ${name},`,
    body: {
      confirm: (event, when) =>
        `Vous vous êtes inscrit(e) à l’événement « ${event} », le ${when}. Confirmez votre adresse e-mail avec ce lien pour que votre inscription compte :`,
      registered: (event, when) => `Votre place est réservée pour l’événement « ${event} », le ${when}.`,
      waitlisted: (event, when) =>
        `L’événement « ${event} », le ${when}, est complet : vous êtes sur la liste d’attente. Nous vous écrirons dès qu’une place se libère.`,
      pending: (event, when) =>
        `Votre inscription à l’événement « ${event} », le ${when}, attend la validation des organisateurs. Nous vous écrirons dès leur décision.`,
      refused: (event, when) =>
        `Les organisateurs n’ont pas retenu votre inscription à l’événement « ${event} », le ${when}.`,
      ended: (event, when) => `Votre inscription à l’événement « ${event} », le ${when}, est annulée.`,
    },
    action: {
      confirm: 'Confirmer mon adresse',
      join: 'Rejoindre l’événement',
      cancel: 'Annuler mon inscription',
    },
    personalLink: 'Ce lien personnel vous connecte à l’événement ; ne le transmettez pas :',
    cancelLink: 'Vous ne pouvez plus venir ? Annulez votre inscription pour libérer votre place :',
    reason: (reason) => `Motif : ${reason}`,
  },
  en: {
    subject: {
      confirm: (event) => `Confirm your registration: ${event}`,
      registered: (event) => `Registration confirmed: ${event}`,
      waitlisted: (event) => `Waiting list: ${event}`,
      pending: (event) => `Registration awaiting approval: ${event}`,
      refused: (event) => `Registration declined: ${event}`,
      ended: (event) => `Registration cancelled: ${event}`,
    },
    greeting: (name) => `Hello ${name},`,
    body: {
      confirm: (event, when) =>
        `You registered for the event "${event}", on ${when}. Confirm your e-mail address with this link for your registration to count:`,
      registered: (event, when) => `Your place is booked for the event "${event}", on ${when}.`,
      waitlisted: (event, when) =>
        `The event "${event}", on ${when}, is full: you are on the waiting list. We will write to you as soon as a place is free.`,
      pending: (event, when) =>
        `Your registration for the event "${event}", on ${when}, awaits the organisers' approval. We will write to you once they decide.`,
      refused: (event, when) =>
        `The organisers declined your registration for the event "${event}", on ${when}.`,
      ended: (event, when) => `Your registration for the event "${event}", on ${when}, is cancelled.`,
    },
    action: { confirm: 'Confirm my address', join: 'Join the event', cancel: 'Cancel my registration' },
    personalLink: 'This personal link signs you in to the event; do not forward it:',
    cancelLink: 'Cannot come after all? Cancel your registration to free your place:',
    reason: (reason) => `Reason: ${reason}`,
  },
  de: {
    subject: {
      confirm: (event) => `Bestätigen Sie Ihre Anmeldung: ${event}`,
      registered: (event) => `Anmeldung bestätigt: ${event}`,
      waitlisted: (event) => `Warteliste: ${event}`,
      pending: (event) => `Anmeldung wartet auf Freigabe: ${event}`,
      refused: (event) => `Anmeldung abgelehnt: ${event}`,
      ended: (event) => `Anmeldung storniert: ${event}`,
    },
    greeting: (name) => `Hallo ${name},`,
    body: {
      confirm: (event, when) =>
        `Sie haben sich zur Veranstaltung „${event}“ am ${when} angemeldet. Bestätigen Sie Ihre E-Mail-Adresse mit diesem Link, damit Ihre Anmeldung zählt:`,
      registered: (event, when) => `Ihr Platz für die Veranstaltung „${event}“ am ${when} ist reserviert.`,
      waitlisted: (event, when) =>
        `Die Veranstaltung „${event}“ am ${when} ist ausgebucht: Sie stehen auf der Warteliste. Wir schreiben Ihnen, sobald ein Platz frei wird.`,
      pending: (event, when) =>
        `Ihre Anmeldung zur Veranstaltung „${event}“ am ${when} wartet auf die Freigabe der Veranstalter. Wir schreiben Ihnen, sobald sie entschieden haben.`,
      refused: (event, when) =>
        `Die Veranstalter haben Ihre Anmeldung zur Veranstaltung „${event}“ am ${when} abgelehnt.`,
      ended: (event, when) => `Ihre Anmeldung zur Veranstaltung „${event}“ am ${when} ist storniert.`,
    },
    action: {
      confirm: 'Adresse bestätigen',
      join: 'Veranstaltung beitreten',
      cancel: 'Anmeldung stornieren',
    },
    personalLink: 'Dieser persönliche Link meldet Sie bei der Veranstaltung an; bitte nicht weitergeben:',
    cancelLink: 'Sie können doch nicht kommen? Stornieren Sie Ihre Anmeldung, um Ihren Platz freizugeben:',
    reason: (reason) => `Grund: ${reason}`,
  },
} as const satisfies Record<Locale, Words>;

export type RegistrationMailValues = {
  name: string;
  eventName: string;
  startsAt: Date;
  timeZone: string;
  /** confirm: the address's confirmation link; registered: the personal link. */
  url?: string;
  /** The link that cancels the registration (every mail after the confirmation). */
  cancelUrl?: string;
  /** refused: the organisers' reason, when they gave one. */
  reason?: string;
};

type Paragraph = { text: string; link?: { url: string; action: string } };

export function registrationMail(
  locale: Locale,
  kind: RegistrationMailKind,
  values: RegistrationMailValues,
): RenderedMail {
  const params = oneLineValues(values);
  const t: Words = WORDS[locale];
  const body = t.body[kind](params.eventName, dateTime(locale, params.startsAt, params.timeZone));
  const paragraphs: Paragraph[] = [{ text: t.greeting(params.name) }];
  if (kind === 'confirm' && params.url) {
    paragraphs.push({ text: body, link: { url: params.url, action: t.action.confirm } });
  } else {
    paragraphs.push({ text: body });
  }
  if (kind === 'refused' && params.reason) paragraphs.push({ text: t.reason(params.reason) });
  if (kind === 'registered' && params.url) {
    paragraphs.push({ text: t.personalLink, link: { url: params.url, action: t.action.join } });
  }
  if (params.cancelUrl && kind !== 'confirm' && kind !== 'refused' && kind !== 'ended') {
    paragraphs.push({ text: t.cancelLink, link: { url: params.cancelUrl, action: t.action.cancel } });
  }
  const text = paragraphs
    .map((paragraph) => (paragraph.link ? `${paragraph.text}\n${paragraph.link.url}` : paragraph.text))
    .join('\n\n');
  const html = paragraphs
    .map((paragraph) =>
      paragraph.link
        ? `<p>${escapeHtml(paragraph.text)}</p>\n<p><a href="${escapeHtml(paragraph.link.url)}">${escapeHtml(paragraph.link.action)}</a></p>`
        : `<p>${escapeHtml(paragraph.text)}</p>`,
    )
    .join('\n');
  return { subject: t.subject[kind](params.eventName), text, html };
}
