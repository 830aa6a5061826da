// The mail a new back-office user receives when a colleague creates their account: a link to set their
// own password (docs/adr/0004-users-set-their-own-password.md). It is the password-reset link with a
// longer validity and its own words: nobody else ever knows the password, and opening the mail proves
// the address.
import type { Locale } from '@lablive/domain';
import { escapeHtml, oneLineValues, type RenderedMail } from './mailFormat.ts';

const SET_PASSWORD = {
  fr: {
    subject: 'LabLive : choisissez votre mot de passe',
    greeting: (name: string) => `Bonjour ${name},`,
    body: (inviter: string, lab: string) =>
      `${inviter} vous a créé un compte LabLive pour ${lab}. Ouvrez ce lien pour choisir votre mot de passe :`,
    expiry: (days: number) => `Ce lien est valable ${days} jours et ne sert qu’une fois.`,
    signIn: 'Vous vous connecterez ensuite avec cette adresse e-mail et ce mot de passe.',
    ignore: 'Si vous n’attendiez pas ce compte, ignorez ce message.',
    action: 'Choisir mon mot de passe',
  },
  en: {
    subject: 'LabLive: set your password',
    greeting: (name: string) => `Hello ${name},`,
    body: (inviter: string, lab: string) =>
      `${inviter} created a LabLive account for you at ${lab}. Open this link to set your password:`,
    expiry: (days: number) => `This link is valid for ${days} days and works once.`,
    signIn: 'You will then sign in with this e-mail address and that password.',
    ignore: 'If you did not expect this account, ignore this message.',
    action: 'Set my password',
  },
  de: {
    subject: 'LabLive: Legen Sie Ihr Passwort fest',
    greeting: (name: string) => `Hallo ${name},`,
    body: (inviter: string, lab: string) =>
      `${inviter} hat für Sie ein LabLive-Konto bei ${lab} angelegt. Öffnen Sie diesen Link, um Ihr Passwort festzulegen:`,
    expiry: (days: number) => `Dieser Link ist ${days} Tage gültig und funktioniert nur einmal.`,
    signIn: 'Danach melden Sie sich mit dieser E-Mail-Adresse und diesem Passwort an.',
    ignore: 'Wenn Sie dieses Konto nicht erwartet haben, ignorieren Sie diese Nachricht.',
    action: 'Mein Passwort festlegen',
  },
} as const satisfies Record<Locale, unknown>;

export function setPasswordMail(
  locale: Locale,
  values: { name: string; inviterName: string; labName: string; url: string; validDays: number },
): RenderedMail {
  const params = oneLineValues(values);
  const t = SET_PASSWORD[locale];
  const text = [
    t.greeting(params.name),
    '',
    t.body(params.inviterName, params.labName),
    params.url,
    '',
    t.signIn,
    t.expiry(params.validDays),
    t.ignore,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(t.body(params.inviterName, params.labName))}</p>
<p><a href="${escapeHtml(params.url)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.signIn)}<br>${escapeHtml(t.expiry(params.validDays))}<br>${escapeHtml(t.ignore)}</p>`;
  return { subject: t.subject, text, html };
}

// A change of sign-in address (issue 26): the link that confirms it goes to the new address, and the old
// one is told, so that an address never becomes an account's without its owner, and the account's owner
// hears of it while it can still be stopped.
const EMAIL_CHANGE = {
  fr: {
    subject: 'LabLive : confirmez votre nouvelle adresse e-mail',
    greeting: (name: string) => `Bonjour ${name},`,
    body: (requester: string, email: string) =>
      `${requester} a demandé que votre compte LabLive se connecte désormais avec l’adresse ${email}. Ouvrez ce lien pour le confirmer :`,
    expiry: (hours: number) => `Ce lien est valable ${hours} heures et ne sert qu’une fois.`,
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne change.',
    action: 'Confirmer cette adresse',
  },
  en: {
    subject: 'LabLive: confirm your new e-mail address',
    greeting: (name: string) => `Hello ${name},`,
    body: (requester: string, email: string) =>
      `${requester} asked for your LabLive account to sign in with ${email} from now on. Open this link to confirm it:`,
    expiry: (hours: number) => `This link is valid for ${hours} hours and works once.`,
    ignore: 'If you did not ask for this, ignore this message: nothing changes.',
    action: 'Confirm this address',
  },
  de: {
    subject: 'LabLive: Bestätigen Sie Ihre neue E-Mail-Adresse',
    greeting: (name: string) => `Hallo ${name},`,
    body: (requester: string, email: string) =>
      `${requester} hat beantragt, dass sich Ihr LabLive-Konto künftig mit ${email} anmeldet. Öffnen Sie diesen Link, um das zu bestätigen:`,
    expiry: (hours: number) => `Dieser Link ist ${hours} Stunden gültig und funktioniert nur einmal.`,
    ignore: 'Wenn Sie das nicht beantragt haben, ignorieren Sie diese Nachricht: Es ändert sich nichts.',
    action: 'Diese Adresse bestätigen',
  },
} as const satisfies Record<Locale, unknown>;

export function emailChangeMail(
  locale: Locale,
  values: { name: string; requesterName: string; newEmail: string; url: string; validHours: number },
): RenderedMail {
  const params = oneLineValues(values);
  const t = EMAIL_CHANGE[locale];
  const text = [
    t.greeting(params.name),
    '',
    t.body(params.requesterName, params.newEmail),
    params.url,
    '',
    t.expiry(params.validHours),
    t.ignore,
  ].join('\n');
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(t.body(params.requesterName, params.newEmail))}</p>
<p><a href="${escapeHtml(params.url)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.expiry(params.validHours))}<br>${escapeHtml(t.ignore)}</p>`;
  return { subject: t.subject, text, html };
}

const EMAIL_CHANGE_NOTICE = {
  fr: {
    subject: 'LabLive : changement de votre adresse de connexion',
    greeting: (name: string) => `Bonjour ${name},`,
    body: (requester: string, email: string) =>
      `${requester} a demandé que votre compte LabLive se connecte désormais avec l’adresse ${email}. Le changement n’aura lieu que si le lien envoyé à cette adresse est ouvert ; d’ici là, vous vous connectez avec celle-ci.`,
    warn: 'Si vous n’êtes pas à l’origine de cette demande, prévenez l’administrateur de votre laboratoire.',
  },
  en: {
    subject: 'LabLive: a change of your sign-in address',
    greeting: (name: string) => `Hello ${name},`,
    body: (requester: string, email: string) =>
      `${requester} asked for your LabLive account to sign in with ${email} from now on. The change happens only once the link sent to that address is opened; until then you sign in with this one.`,
    warn: 'If you did not ask for this, tell your lab administrator.',
  },
  de: {
    subject: 'LabLive: Änderung Ihrer Anmeldeadresse',
    greeting: (name: string) => `Hallo ${name},`,
    body: (requester: string, email: string) =>
      `${requester} hat beantragt, dass sich Ihr LabLive-Konto künftig mit ${email} anmeldet. Die Änderung erfolgt erst, wenn der an diese Adresse gesendete Link geöffnet wird; bis dahin melden Sie sich mit dieser Adresse an.`,
    warn: 'Wenn Sie das nicht beantragt haben, informieren Sie die Administration Ihres Labors.',
  },
} as const satisfies Record<Locale, unknown>;

export function emailChangeNoticeMail(
  locale: Locale,
  values: { name: string; requesterName: string; newEmail: string },
): RenderedMail {
  const params = oneLineValues(values);
  const t = EMAIL_CHANGE_NOTICE[locale];
  const text = [t.greeting(params.name), '', t.body(params.requesterName, params.newEmail), '', t.warn].join(
    '\n',
  );
  const html = `<p>${escapeHtml(t.greeting(params.name))}</p>
<p>${escapeHtml(t.body(params.requesterName, params.newEmail))}</p>
<p>${escapeHtml(t.warn)}</p>`;
  return { subject: t.subject, text, html };
}
