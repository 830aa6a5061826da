// The REST half of @lablive/client: the typed API client, its errors and the token stores.
export * from './apiClient.ts';
export * from './apiError.ts';
export * from './browserTokenStore.ts';
export { type CalendarApi, createCalendarApi } from './calendarApi.ts';
export { createEventsAdminApi, type EventsAdminApi } from './eventsAdminApi.ts';
export type { FetchLike, RequestOptions, Transport } from './httpTransport.ts';
export {
  createPharmacovigilanceAdminApi,
  type PharmacovigilanceAdminApi,
} from './pharmacovigilanceAdminApi.ts';
export type { RoomsApi } from './roomsApi.ts';
export * from './tokenStore.ts';
