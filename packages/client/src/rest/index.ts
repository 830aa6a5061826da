// The REST half of @lablive/client: the typed API client, its errors and the token stores.
export * from './apiClient.ts';
export * from './apiError.ts';
export { type AuditApi, type AuditSearch, createAuditApi } from './auditApi.ts';
export type { UploadOptions } from './authorizedCalls.ts';
export { type BroadcastApi, createBroadcastApi } from './broadcastApi.ts';
export * from './browserTokenStore.ts';
export { type CalendarApi, createCalendarApi } from './calendarApi.ts';
export { type CertificatesApi, createCertificatesApi } from './certificatesApi.ts';
export { type ConsentsApi, createConsentsApi } from './consentsApi.ts';
export { type DownloadedFile, fileNameOfDisposition } from './contentDisposition.ts';
export { createDocumentsAdminApi, type DocumentsAdminApi } from './documentsAdminApi.ts';
export { createEventsAdminApi, type EventsAdminApi } from './eventsAdminApi.ts';
export {
  createGroupsAdminApi,
  createPicturesApi,
  type GroupsAdminApi,
  type PicturesApi,
} from './groupsAdminApi.ts';
export type { FetchLike, RequestOptions, Transport, UploadLike, UploadProgress } from './httpTransport.ts';
export { createLabsAdminApi, type LabsAdminApi } from './labsAdminApi.ts';
export { createLedgerApi, type LedgerApi } from './ledgerApi.ts';
export {
  createMailTemplatesAdminApi,
  type MailTemplateSlot,
  type MailTemplatesAdminApi,
} from './mailTemplatesAdminApi.ts';
export { createMediasAdminApi, type MediasAdminApi } from './mediasAdminApi.ts';
export {
  createPersonalDataApi,
  type PersonalDataApi,
  type PersonalDataFormat,
  type PersonalDataReading,
} from './personalDataApi.ts';
export {
  createPharmacovigilanceAdminApi,
  type PharmacovigilanceAdminApi,
} from './pharmacovigilanceAdminApi.ts';
export { createPollsAdminApi, type PollsAdminApi } from './pollsAdminApi.ts';
export { createRegistrationsApi, type RegistrationsApi } from './registrationsApi.ts';
export { createReplayApi, type ReplayApi } from './replayApi.ts';
export type { RoomsApi } from './roomsApi.ts';
export { createStatsApi, type StatsApi, type StatsPage } from './statsApi.ts';
export * from './tokenStore.ts';
export { createUsersAdminApi, type UsersAdminApi } from './usersAdminApi.ts';
