// The attendance certificates of an event in the back office (issue 33): its rules (the event form's
// section) and who qualified (its statistics). Both move with the event, so each loads on each visit.
import { useQuery } from '@tanstack/react-query';
import { certificatesApi } from '../adminApi.ts';
import { visitQuery } from './resourceQuery.ts';

export const certificateKeys = {
  all: ['certificates'] as const,
  rules: (eventId: number) => ['certificates', 'rules', eventId] as const,
  standings: (eventId: number) => ['certificates', 'standings', eventId] as const,
};

export const useCertificateRules = (eventId: number) =>
  useQuery(
    visitQuery(certificateKeys.rules(eventId), (signal) => certificatesApi.rules(eventId, { signal })),
  );

export const useEventCertificates = (eventId: number) =>
  useQuery(
    visitQuery(certificateKeys.standings(eventId), (signal) =>
      certificatesApi.standings(eventId, { signal }),
    ),
  );
