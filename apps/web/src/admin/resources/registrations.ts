// An event's registration in the back office (issue 33, part 5): its settings and form, its
// registrations and its funnel. They move as guests register, so each loads on each visit.
import { createRegistrationsApi } from '@lablive/client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../services.ts';
import { visitQuery } from './resourceQuery.ts';

export const registrationsAdminApi = createRegistrationsApi(api.transport);

export const registrationKeys = {
  all: ['registrations'] as const,
  settings: (eventId: number) => ['registrations', 'settings', eventId] as const,
  list: (eventId: number) => ['registrations', 'list', eventId] as const,
  funnel: (eventId: number) => ['registrations', 'funnel', eventId] as const,
};

export const useRegistrationSettings = (eventId: number) =>
  useQuery(
    visitQuery(registrationKeys.settings(eventId), (signal) =>
      registrationsAdminApi.settings(eventId, { signal }),
    ),
  );

export const useRegistrations = (eventId: number) =>
  useQuery(
    visitQuery(registrationKeys.list(eventId), (signal) => registrationsAdminApi.list(eventId, { signal })),
  );

export const useRegistrationFunnel = (eventId: number) =>
  useQuery(
    visitQuery(registrationKeys.funnel(eventId), (signal) =>
      registrationsAdminApi.funnel(eventId, { signal }),
    ),
  );
