// Registration for public events (issue 33, part 5) as the tests meet it: a form's settings, a guest's
// registration sent as the public page sends it, and the links of the mails a guest receives (confirm
// their address, their personal link, cancel), read from the mail as the guest would follow them.
import type { ConsentKind, RegistrationRequest, RegistrationSettings } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { acceptEntryConsents } from './consents.ts';
import type { CapturedMail, SmtpCapture } from './smtpCapture.ts';

const BROWSER_WAIT = { timeout: 20_000 };

/** A custom field as staff add it in the registrations page's form editor (choices are not driven here). */
export type RegistrationFieldAtPage = {
  key: string;
  type: 'text' | 'yes_no';
  label: { fr: string; en: string; de: string };
  required: boolean;
};

/** The required yes/no "I am a health professional" of a pharma event's registration. */
export const HEALTH_PROFESSIONAL_FIELD: RegistrationFieldAtPage = {
  key: 'hcp',
  type: 'yes_no',
  label: {
    fr: 'Je suis professionnel de santé',
    en: 'I am a health professional',
    de: 'Ich bin Angehöriger eines Gesundheitsberufs',
  },
  required: true,
};

/** A form with one custom field of each type, the required choice and yes/no among them. */
export const SAMPLE_REGISTRATION_FORM: RegistrationSettings = {
  enabled: true,
  capacity: 1,
  approval: false,
  consent_kinds: [],
  fields: [
    {
      key: 'specialty',
      type: 'choice',
      label: { fr: 'Spécialité', en: 'Specialty', de: 'Fachgebiet' },
      required: true,
      choices: [
        { key: 'cardiology', label: { fr: 'Cardiologie', en: 'Cardiology', de: 'Kardiologie' } },
        { key: 'oncology', label: { fr: 'Oncologie', en: 'Oncology', de: 'Onkologie' } },
      ],
    },
    {
      key: 'rpps',
      type: 'text',
      label: { fr: 'Numéro RPPS', en: 'RPPS number', de: 'RPPS-Nummer' },
      required: false,
      choices: [],
    },
    { ...HEALTH_PROFESSIONAL_FIELD, choices: [] },
  ],
};

/** A guest's registration for SAMPLE_REGISTRATION_FORM, answered, at `email`. */
export function sampleRegistration(
  email: string,
  overrides: Partial<RegistrationRequest> = {},
): RegistrationRequest {
  return {
    first_name: 'Rita',
    last_name: email.split('@')[0] ?? 'Guest',
    email,
    locale: 'en',
    time_zone: 'Europe/Paris',
    answers: { specialty: 'cardiology', hcp: true },
    consent_version_ids: [],
    ...overrides,
  };
}

/** POST the registration as the public page does. */
export function sendRegistration(app: FastifyInstance, slug: string, registration: object) {
  return app.inject({
    method: 'POST',
    url: `/api/eventInfo/by-slug/${encodeURIComponent(slug)}/registrations`,
    payload: registration,
  });
}

/** The first link of the mail to the path (`/registration/confirm`, `/registration/cancel`, `/?invitation`). */
export function linkInMail(mail: CapturedMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"<>]*${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in the mail "${mail.text.slice(0, 300)}"`);
  return match[0].replaceAll('&amp;', '&');
}

/** The token of a registration link (`?token=`), as the page reads it. */
export const tokenOfLink = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** The latest mail to `email` whose subject says `subject` (the mail's text holds its subject line). */
export function waitForMailTo(smtp: SmtpCapture, email: string, subject: string | RegExp) {
  return smtp.waitForMail(
    (mail) =>
      mail.to.includes(email) &&
      (typeof subject === 'string' ? mail.text.includes(subject) : subject.test(mail.text)),
    20_000,
  );
}

/**
 * A guest registering on the event's public page as a person does: their name and address, every
 * required custom field answered (`answers` by field key: a choice's key, a text, a yes/no as true), the
 * required consents ticked; sent, the page says to check the mailbox.
 */
export async function registerThroughPage(
  page: Page,
  serverUrl: string,
  slug: string,
  guest: { first: string; last: string; email: string; answers?: Record<string, string | boolean> },
): Promise<void> {
  await page.goto(`${serverUrl}/${slug}`);
  await page.getByTestId('registration-card').waitFor(BROWSER_WAIT);
  await page.getByTestId('registration-first-name').fill(guest.first);
  await page.getByTestId('registration-last-name').fill(guest.last);
  await page.getByTestId('registration-email').fill(guest.email);
  for (const [key, answer] of Object.entries(guest.answers ?? {})) {
    const field = page.getByTestId(`registration-field-${key}`);
    if (answer === true) await field.check();
    else if ((await field.evaluate((element) => element.tagName)) === 'SELECT')
      await field.selectOption(String(answer));
    else await field.fill(String(answer));
  }
  await acceptEntryConsents(page);
  await page.getByTestId('registration-submit').click();
  await page.getByTestId('registration-sent').waitFor(BROWSER_WAIT);
}

/**
 * A registration mail's link (`/registration/confirm` or `/registration/cancel`) followed and its button
 * pressed; answers the status the page then shows (registered, waitlisted, pending, cancelled).
 */
export async function followRegistrationLink(page: Page, serverUrl: string, link: string): Promise<string> {
  await page.goto(link.replace(/^https?:\/\/[^/]+/, serverUrl));
  const action = link.includes('/registration/cancel') ? 'cancel' : 'confirm';
  await page.getByTestId(`registration-${action}-submit`).click();
  const outcome = page.getByTestId('registration-outcome');
  await outcome.waitFor(BROWSER_WAIT);
  return (await outcome.getAttribute('data-status')) ?? '';
}

/**
 * Staff (`page` signed in as who may change the event) turn an event's registration on from its card on
 * the events page: the capacity, the consent kinds it requires, its custom fields; saved, the page
 * counts no place taken yet.
 */
export async function openRegistrationThroughPage(
  page: Page,
  serverUrl: string,
  eventId: number,
  form: {
    capacity: number;
    consentKinds: readonly ConsentKind[];
    fields: readonly RegistrationFieldAtPage[];
  },
): Promise<void> {
  await page.goto(`${serverUrl}/admin/events`);
  await page.locator(`[data-testid="event-registrations"][href$="/${eventId}/registrations"]`).click();
  await page.getByTestId('registration-settings').waitFor(BROWSER_WAIT);
  await page.getByTestId('registration-enabled').check();
  await page.getByTestId('registration-capacity').fill(String(form.capacity));
  for (const kind of form.consentKinds) await page.getByTestId(`registration-consent-${kind}`).check();
  for (const [index, field] of form.fields.entries()) {
    const part = (name: string) => page.getByTestId(`registration-field-${index}-${name}`);
    await page.getByTestId('registration-add-field').click();
    await part('key').fill(field.key);
    await part('type').selectOption(field.type);
    for (const language of ['fr', 'en', 'de'] as const)
      await part(`label-${language}`).fill(field.label[language]);
    await part('required').setChecked(field.required);
  }
  await page.getByTestId('registration-save').click();
  await page.getByTestId('registration-taken').filter({ hasText: '0 places taken' }).waitFor(BROWSER_WAIT);
}

/**
 * A guest registers on the public page (`registerThroughPage`), follows the link mailed to confirm her
 * address (answered `registered`), then her place's personal link (English mails), and is at her event page.
 * `afterEachPage` looks at each page on the way (a screenshot, axe).
 */
export async function registerUntilInvited(
  page: Page,
  serverUrl: string,
  smtp: SmtpCapture,
  slug: string,
  guest: Parameters<typeof registerThroughPage>[3],
  afterEachPage: (step: 'sent' | 'confirmed') => Promise<void> = async () => {},
): Promise<void> {
  await registerThroughPage(page, serverUrl, slug, guest);
  await afterEachPage('sent');
  const confirmMail = await waitForMailTo(smtp, guest.email, 'Confirm your registration');
  const status = await followRegistrationLink(
    page,
    serverUrl,
    linkInMail(confirmMail, '/registration/confirm'),
  );
  if (status !== 'registered') throw new Error(`${guest.email}'s registration is ${status}, not registered`);
  await afterEachPage('confirmed');
  const placeMail = await waitForMailTo(smtp, guest.email, 'Registration confirmed');
  await page.goto(linkInMail(placeMail, '/?invitation=').replace(/^https?:\/\/[^/]+/, serverUrl));
  await page.waitForURL((url) => url.pathname === '/event', BROWSER_WAIT);
  await page.getByTestId('event-card').waitFor(BROWSER_WAIT);
}
