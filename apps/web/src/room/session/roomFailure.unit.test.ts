// How REST and socket failures of the live room become what the screen says or where it sends people.
import { ApiError, REALTIME_ERROR_CODES, RealtimeError } from '@lablive/client';
import { AUTHENTICATION_KEY_FAILED } from '@lablive/domain';
import { PROTOCOL_ERRORS } from '@lablive/protocol';
import { describe, expect, it } from 'vitest';
import { realtimeFailure, tokenFailure } from './roomFailure.ts';

const problem = (status: number, detail: string) =>
  new ApiError({ type: 'about:blank', title: 'Error', status, detail, code: 'error' });

describe('room failures', () => {
  it('treats a room the caller is not admitted to, or cannot see, as no participation', () => {
    expect(tokenFailure(problem(403, 'Not admitted'))).toEqual({ kind: 'notAdmitted' });
    expect(tokenFailure(problem(404, 'No room 9'))).toEqual({ kind: 'notAdmitted' });
  });

  it('names the authentication key failure only for the 503 that says so', () => {
    expect(tokenFailure(problem(503, AUTHENTICATION_KEY_FAILED))).toEqual({ kind: 'authenticationKey' });
    expect(tokenFailure(problem(503, 'Maintenance'))).toEqual({ kind: 'unavailable', detail: 'Maintenance' });
  });

  it('keeps any other failure as the room data that could not load', () => {
    expect(tokenFailure(problem(500, 'Internal Server Error'))).toEqual({
      kind: 'unavailable',
      detail: 'Internal Server Error',
    });
    expect(tokenFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'unavailable',
      detail: 'Failed to fetch',
    });
  });

  it('reads a refused join by the server code', () => {
    const refused = (serverCode: string) =>
      new RealtimeError(REALTIME_ERROR_CODES.joinRefused, 'refused', { serverCode });

    expect(realtimeFailure(refused(PROTOCOL_ERRORS.notAllowedInRoom))).toEqual({ kind: 'notAdmitted' });
    expect(realtimeFailure(refused(PROTOCOL_ERRORS.roomNotFound))).toEqual({ kind: 'notAdmitted' });
    expect(realtimeFailure(refused('session_full'))).toEqual({ kind: 'unavailable', detail: 'refused' });
  });

  it('asks to sign in again or to reload when the client ended for those reasons', () => {
    const unauthorized = new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'No access token');
    const incompatible = new RealtimeError(REALTIME_ERROR_CODES.incompatible, 'Old protocol');

    expect(realtimeFailure(unauthorized)).toEqual({ kind: 'signedOut' });
    expect(realtimeFailure(incompatible)).toEqual({ kind: 'incompatible' });
  });
});
