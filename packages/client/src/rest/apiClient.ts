// The typed REST client of the LabLive API: one method per call of the sign-in and theming contract,
// every answer parsed with the domain's zod schema. Sign-in stores the token pair; sign-out forgets it.
import {
  type ChangePasswordRequest,
  type EventInfo,
  eventInfoSchema,
  type ForgotPasswordRequest,
  healthResponseSchema,
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type MeResponse,
  meResponseSchema,
  type ResendPersonalLinkRequest,
  type SucessResponse,
  sucessResponseSchema,
} from '@lablive/domain';
import type { z } from 'zod';
import {
  createTransport,
  type FetchLike,
  type RequestOptions,
  type Transport,
  type UploadLike,
} from './httpTransport.ts';
import { createRoomsApi, type RoomsApi } from './roomsApi.ts';
import type { TokenStore } from './tokenStore.ts';

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export type ApiClientOptions = {
  /** The API's origin, e.g. `http://localhost:3000`; empty in the browser (same origin). */
  baseUrl: string;
  tokenStore: TokenStore;
  fetch?: FetchLike;
  /** Sends the uploads whose progress is followed (the browser's XMLHttpRequest). */
  upload?: UploadLike;
};

export type ApiClient = {
  /** Signs in (password, invitation or public guest entry) and stores the returned token pair. */
  login(request: LoginRequest, options?: RequestOptions): Promise<LoginResponse>;
  /** The signed-in user (the reconnect call). */
  me(options?: RequestOptions): Promise<MeResponse>;
  /** Ends the session on the server, then forgets the stored pair whatever the server answered. */
  logout(options?: RequestOptions): Promise<void>;
  forgotPassword(request: ForgotPasswordRequest, options?: RequestOptions): Promise<SucessResponse>;
  /**
   * Asks for a fresh personal link in place of a used or expired one, mailed to its guest; the same
   * answer whether or not the link was anyone's.
   */
  resendPersonalLink(request: ResendPersonalLinkRequest, options?: RequestOptions): Promise<SucessResponse>;
  changePassword(
    resetToken: string,
    request: ChangePasswordRequest,
    options?: RequestOptions,
  ): Promise<SucessResponse>;
  /** The card of an event the signed-in caller may see. */
  eventInfo(eventId: number, options?: RequestOptions): Promise<EventInfo>;
  /** The card of a public event, by the slug of its entry page; no sign-in needed. */
  publicEventInfo(slug: string, options?: RequestOptions): Promise<EventInfo>;
  health(options?: RequestOptions): Promise<HealthResponse>;
  /** The live-room calls (rooms, participations, documents, polls, reports). */
  rooms: RoomsApi;
  /**
   * The signed-in transport, for the API parts a page loads with its own code (the back office's
   * `createEventsAdminApi`): they share the token pair and its single refresh, and stay out of the
   * guests' download.
   */
  transport: Transport;
};

/** Password sign-in with remember-me keeps the session across browser restarts; nothing else does. */
const remembers = (request: LoginRequest): boolean => 'rememberMe' in request && request.rememberMe === true;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokenStore } = options;
  const transport = createTransport(options);

  return {
    async login(request, { signal } = {}) {
      // A personal link already used lets its own guest back in where they are still signed in: the
      // server is shown the session this browser holds, if any.
      const carryToken = 'invitation' in request;
      const call = {
        method: 'POST',
        path: '/api/login',
        body: request,
        auth: false,
        carryToken,
        signal,
      } as const;
      const response = await transport.json(call, loginResponseSchema);
      tokenStore.set(
        { token: response.token, refreshToken: response.refreshToken },
        { remember: remembers(request) },
      );
      return response;
    },

    me: ({ signal } = {}) =>
      transport.json({ method: 'GET', path: '/api/me', auth: true, signal }, meResponseSchema),

    async logout({ signal } = {}) {
      const stored = tokenStore.get();
      if (stored === null) return;
      try {
        const body = { refreshToken: stored.refreshToken };
        await transport.noContent({ method: 'POST', path: '/api/logout', body, auth: true, signal });
      } finally {
        tokenStore.clear();
      }
    },

    forgotPassword: (request, { signal } = {}) =>
      transport.json(
        { method: 'POST', path: '/api/forgot-password', body: request, auth: false, signal },
        sucessResponseSchema,
      ),

    resendPersonalLink: (request, { signal } = {}) =>
      transport.json(
        { method: 'POST', path: '/api/personal-links/resend', body: request, auth: false, signal },
        sucessResponseSchema,
      ),

    changePassword: (resetToken, request, { signal } = {}) =>
      transport.json(
        {
          method: 'POST',
          path: `/api/change-password/${encodeURIComponent(resetToken)}`,
          body: request,
          auth: false,
          signal,
        },
        sucessResponseSchema,
      ),

    eventInfo: (eventId, { signal } = {}) =>
      transport.json(
        { method: 'GET', path: `/api/eventInfo/${eventId}`, auth: true, signal },
        eventInfoSchema,
      ),

    publicEventInfo: (slug, { signal } = {}) =>
      transport.json(
        { method: 'GET', path: `/api/eventInfo/by-slug/${encodeURIComponent(slug)}`, auth: false, signal },
        eventInfoSchema,
      ),

    health: ({ signal } = {}) =>
      transport.json({ method: 'GET', path: '/api/health', auth: false, signal }, healthResponseSchema),

    rooms: createRoomsApi(transport),
    transport,
  };
}
