// The REST half of @lablive/client: the typed API client, its errors and the token stores.
export * from './apiClient.ts';
export * from './apiError.ts';
export * from './browserTokenStore.ts';
export type { FetchLike, RequestOptions } from './httpTransport.ts';
export * from './tokenStore.ts';
