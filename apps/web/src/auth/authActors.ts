// The auth machine's IO, implemented with the REST client: the reconnect call, sign-in and sign-out.
import type { ApiClient } from '@lablive/client';
import type { LoginRequest } from '@lablive/domain';
import { fromPromise } from 'xstate';

export function createAuthActors(api: ApiClient) {
  return {
    fetchMe: fromPromise(() => api.me()),
    login: fromPromise(({ input }: { input: { credentials: LoginRequest } }) => api.login(input.credentials)),
    logout: fromPromise(() => api.logout()),
  };
}
