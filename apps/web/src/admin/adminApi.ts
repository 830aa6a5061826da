// The back office's REST calls (events, guests, rooms, invitations; pharmacovigilance; polls; users;
// documents; the audit trail and the ledger's verifier key; a person's data; the platform's labs), made
// on the browser's signed-in transport. Created here, in the back office's own chunk, so their schemas
// (and the event form's time-zone library) stay out of what guests download.
import {
  createAuditApi,
  createCertificatesApi,
  createConsentsApi,
  createDocumentsAdminApi,
  createEventsAdminApi,
  createGroupsAdminApi,
  createLabsAdminApi,
  createLedgerApi,
  createMailTemplatesAdminApi,
  createMediasAdminApi,
  createPersonalDataApi,
  createPharmacovigilanceAdminApi,
  createPicturesApi,
  createPollsAdminApi,
  createReplayApi,
  createStatsApi,
  createUsersAdminApi,
} from '@lablive/client';
import { api } from '../services.ts';

export const adminApi = createEventsAdminApi(api.transport);
export const pharmacovigilanceApi = createPharmacovigilanceAdminApi(api.transport);
export const documentsApi = createDocumentsAdminApi(api.transport);
export const mediasApi = createMediasAdminApi(api.transport);
export const mailTemplatesApi = createMailTemplatesAdminApi(api.transport);
export const usersApi = createUsersAdminApi(api.transport);
export const pollsApi = createPollsAdminApi(api.transport);
export const groupsApi = createGroupsAdminApi(api.transport);
export const picturesApi = createPicturesApi(api.transport);
export const replayApi = createReplayApi(api.transport);
export const statsApi = createStatsApi(api.transport);
export const labsApi = createLabsAdminApi(api.transport);
export const auditApi = createAuditApi(api.transport);
export const ledgerApi = createLedgerApi(api.transport);
export const personalDataApi = createPersonalDataApi(api.transport);
export const consentsAdminApi = createConsentsApi(api.transport);
export const certificatesApi = createCertificatesApi(api.transport);
