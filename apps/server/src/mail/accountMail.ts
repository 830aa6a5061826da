// The mail a new back-office user receives when a colleague creates their account: a link to set their
// own password (docs/adr/0004-users-set-their-own-password.md). It is the password-reset link with a
// longer validity and its own words: nobody else ever knows the password, and opening the mail proves
// the address.
import type { Locale } from '@lablive/domain';
import { escapeHtml, type RenderedMail } from './mailFormat.ts';

const SET_PASSWORD = {
  fr: {
    subject: 'LabLive : choisissez votre mot de passe',
    greeting: (name: string) => `Bonjour ${name},`,
    body: (inviter: string, lab: string) =>
      `${inviter} vous a créé un compte LabLive pour ${lab}. Ouvrez ce lien pour choisir votre mot de passe :`,
    expiry: (days: number) => `Ce lien est valable ${days} jours et ne sert qu'une fois.`,
    signIn: 'Vous vous connecterez ensuite avec cette adresse e-mail et ce mot de passe.',
    ignore: "Si vous n'attendiez pas ce compte, ignorez ce message.",
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
  params: { name: string; inviterName: string; labName: string; url: string; validDays: number },
): RenderedMail {
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
