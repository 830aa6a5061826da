// Registration for public events (issue 33, part 5): the public page's form and registration and the
// links mailed to the guest (no sign-in), and the back office's calls for who may change the event (its
// settings and form, the registrations, approve or refuse, remove, the CSV, the funnel).
import {
  type Locale,
  publicRegistrationFormSchema,
  type RegistrationDecision,
  type RegistrationRequest,
  type RegistrationSettings,
  registrationFunnelSchema,
  registrationListSchema,
  registrationOutcomeSchema,
  registrationSettingsViewSchema,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createRegistrationsApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const open = <T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, body?: unknown) =>
    transport.json({ method, path, auth: false, ...(body === undefined ? {} : { body }) }, schema);
  const slugPath = (slug: string) => `/api/eventInfo/by-slug/${encodeURIComponent(slug)}`;
  const eventPath = (eventId: number) => `/api/events/${eventId}`;
  return {
    /** The public event's form (enabled false: it takes no registrations). */
    formBySlug: (slug: string) => open('GET', `${slugPath(slug)}/registration`, publicRegistrationFormSchema),
    register: (slug: string, request: RegistrationRequest) =>
      open(
        'POST',
        `${slugPath(slug)}/registrations`,
        z.object({ status: z.literal('unconfirmed') }),
        request,
      ),
    confirm: (token: string) =>
      open('POST', '/api/registrations/confirm', registrationOutcomeSchema, { token }),
    cancel: (token: string) =>
      open('POST', '/api/registrations/cancel', registrationOutcomeSchema, { token }),

    settings: (eventId: number, options?: RequestOptions) =>
      calls.get(`${eventPath(eventId)}/registration`, registrationSettingsViewSchema, options),
    saveSettings: (eventId: number, settings: RegistrationSettings, options?: RequestOptions) =>
      calls.send(
        'PUT',
        `${eventPath(eventId)}/registration`,
        settings,
        registrationSettingsViewSchema,
        options,
      ),
    list: (eventId: number, options?: RequestOptions) =>
      calls.get(`${eventPath(eventId)}/registrations`, registrationListSchema, options),
    decide: (
      eventId: number,
      registrationId: number,
      decision: RegistrationDecision,
      options?: RequestOptions,
    ) =>
      calls.send(
        'POST',
        `${eventPath(eventId)}/registrations/${registrationId}/decision`,
        decision,
        registrationOutcomeSchema,
        options,
      ),
    remove: (eventId: number, registrationId: number, options?: RequestOptions) =>
      calls.send(
        'POST',
        `${eventPath(eventId)}/registrations/${registrationId}/remove`,
        {},
        registrationOutcomeSchema,
        options,
      ),
    csv: (eventId: number, locale: Locale, options?: RequestOptions) =>
      calls.download(`${eventPath(eventId)}/registrations.csv?locale=${locale}`, options),
    funnel: (eventId: number, options?: RequestOptions) =>
      calls.get(`${eventPath(eventId)}/registration-funnel`, registrationFunnelSchema, options),
  };
}

export type RegistrationsApi = ReturnType<typeof createRegistrationsApi>;
