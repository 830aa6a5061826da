// The e-mails LabLive sends, in French, English and German.
import type { Locale } from '@lablive/domain';

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PASSWORD_RESET = {
  fr: {
    subject: 'LabLive : réinitialisation de votre mot de passe',
    greeting: (name: string) => `Bonjour ${name},`,
    body: 'Vous avez demandé à changer votre mot de passe LabLive. Ouvrez ce lien pour en choisir un nouveau :',
    expiry: (minutes: number) => `Ce lien est valable ${minutes} minutes et ne sert qu'une fois.`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
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
  params: { name: string; resetUrl: string; validMinutes: number },
): RenderedMail {
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
