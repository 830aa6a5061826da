// What the audit trail learns from each call (issue 32), on the transport with a fake fetch that records
// the requests (the browser's fetch, not our infrastructure): the reason a change is made with,
// percent-encoded, and the zone the person is in; and the audit page's own calls.
import { type AuditEntry, REASON_HEADER, readReasonHeader, TIME_ZONE_HEADER } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { createAuditApi } from './auditApi.ts';
import { createEventsAdminApi } from './eventsAdminApi.ts';
import { createTransport, type FetchLike, type TransportOptions } from './httpTransport.ts';
import { createPollsAdminApi } from './pollsAdminApi.ts';
import { createMemoryTokenStore } from './tokenStore.ts';
import { createUsersAdminApi } from './usersAdminApi.ts';

type Sent = { method: string; url: string; headers: Headers };

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A transport whose fetch records each request and answers with `answer` (204 by default). */
function recorded(
  answer: (sent: Sent) => Response = () => new Response(null, { status: 204 }),
  options: Partial<TransportOptions> = {},
) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = { method: init?.method ?? 'GET', url: input, headers: new Headers(init?.headers) };
    sent.push(request);
    return answer(request);
  };
  const tokenStore = createMemoryTokenStore({ token: 'access-1', refreshToken: 'refresh-1' });
  const transport = createTransport({ baseUrl: 'http://api.test', tokenStore, fetch, ...options });
  return { transport, sent, tokenStore };
}

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@lab.test', roles: ['admin' as const] };

describe('the reason of a change', () => {
  it('goes percent-encoded in its header, and the server reads it back as it was typed', async () => {
    const { transport, sent } = recorded();
    const reason = 'Doublon créé par erreur — Begründung: „falsch“\nvoir ticket #12';

    await createPollsAdminApi(transport).removePoll(7, { reason });

    expect(sent).toHaveLength(1);
    const [call] = sent;
    expect(call?.method).toBe('DELETE');
    expect(call?.url).toBe('http://api.test/api/polls/7');
    const header = call?.headers.get(REASON_HEADER) ?? '';
    expect(header).toBe(encodeURIComponent(reason));
    expect(readReasonHeader(header)).toEqual({ reason });
    expect(call?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('rides on bulk removals and on a user edit, through the options every call takes', async () => {
    const { transport, sent } = recorded((request) =>
      request.url.endsWith('delete-multiple')
        ? json(200, { removed: 2 })
        : json(500, { type: 'about:blank', title: 'x', status: 500, detail: 'not asserted' }),
    );

    await createPollsAdminApi(transport).removePolls([1, 2], { reason: 'Archived with the study' });
    await createEventsAdminApi(transport)
      .cancelEvent(3, { reason: 'Postponed' })
      .catch(() => {});
    await createUsersAdminApi(transport)
      .editUser(4, ada, { reason: 'Now leads the lab' })
      .catch(() => {});

    expect(sent.map((call) => [call.method, call.url, call.headers.get(REASON_HEADER)])).toEqual([
      ['POST', 'http://api.test/api/polls/delete-multiple', 'Archived%20with%20the%20study'],
      ['DELETE', 'http://api.test/api/events/3', 'Postponed'],
      ['PUT', 'http://api.test/api/users/4', 'Now%20leads%20the%20lab'],
    ]);
  });

  it('is left out when none is given or it is blank', async () => {
    const { transport, sent } = recorded();

    await createPollsAdminApi(transport).removePoll(7);
    await createPollsAdminApi(transport).removePoll(8, { reason: '  \n ' });

    expect(sent.map((call) => call.headers.has(REASON_HEADER))).toEqual([false, false]);
  });

  it('is sent again when the call is retried with a refreshed token', async () => {
    const { transport, sent, tokenStore } = recorded((request) => {
      if (request.url.endsWith('/api/refreshToken'))
        return json(200, { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 });
      return request.headers.get('authorization') === 'Bearer access-1'
        ? json(401, { type: 'about:blank', title: 'x', status: 401, code: 'invalid_token', detail: 'x' })
        : new Response(null, { status: 204 });
    });

    await createPollsAdminApi(transport).removePoll(7, { reason: 'Duplicate' });

    expect(sent.map((call) => [call.url, call.headers.get(REASON_HEADER)])).toEqual([
      ['http://api.test/api/polls/7', 'Duplicate'],
      ['http://api.test/api/refreshToken', null],
      ['http://api.test/api/polls/7', 'Duplicate'],
    ]);
    expect(tokenStore.get()?.token).toBe('access-2');
  });
});

describe("the person's time zone", () => {
  it('goes with every call, the zone the runtime is in by default', async () => {
    const { transport, sent } = recorded();

    await createPollsAdminApi(transport).removePoll(7, { reason: 'Duplicate' });

    expect(sent[0]?.headers.get(TIME_ZONE_HEADER)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is the zone the environment gives, and is left out when the runtime does not know it', async () => {
    const paris = recorded(undefined, { timeZone: () => 'Europe/Paris' });
    const unknown = recorded(undefined, { timeZone: () => 'Mars/Olympus_Mons' });
    const none = recorded(undefined, { timeZone: () => undefined });

    for (const { transport } of [paris, unknown, none]) await createPollsAdminApi(transport).removePoll(1);

    expect(paris.sent[0]?.headers.get(TIME_ZONE_HEADER)).toBe('Europe/Paris');
    expect(unknown.sent[0]?.headers.has(TIME_ZONE_HEADER)).toBe(false);
    expect(none.sent[0]?.headers.has(TIME_ZONE_HEADER)).toBe(false);
  });
});

describe('the audit API', () => {
  const entry: AuditEntry = {
    id: 1,
    at: '2026-11-28T09:00:00.000Z',
    actor: {
      kind: 'user',
      userId: 2,
      name: 'Ada Lovelace',
      email: 'ada@lab.test',
      roles: ['admin'],
      timeZone: 'Europe/Paris',
    },
    action: 'delete',
    recordType: 'poll',
    recordId: '7',
    changes: [],
    reason: 'Duplicate',
    via: 'DELETE /api/polls/:id',
  };

  it('searches with the filters given (blank ones left out) and parses the page', async () => {
    const { transport, sent } = recorded(() => json(200, { items: [entry], total: 1 }));

    const page = await createAuditApi(transport).search({
      who: 'Ada L',
      recordType: 'poll',
      field: '',
      from: '2026-11-01',
      timeZone: 'Europe/Paris',
      start: 25,
      count: 25,
    });

    expect(page).toEqual({ items: [entry], total: 1 });
    expect(sent[0]?.url).toBe(
      'http://api.test/api/audit?who=Ada+L&recordType=poll&from=2026-11-01&timeZone=Europe%2FParis&start=25&count=25',
    );
  });

  it('downloads the export as a file', async () => {
    const csv = 'When (UTC);Who\n2026-11-28;Ada\n';
    const { transport, sent } = recorded(
      () => new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }),
    );

    const file = await createAuditApi(transport).export({
      format: 'csv',
      locale: 'fr',
      timeZone: 'Europe/Paris',
      who: 'ada',
    });

    expect(await file.text()).toBe(csv);
    expect(sent[0]?.url).toBe(
      'http://api.test/api/audit/export?format=csv&locale=fr&timeZone=Europe%2FParis&who=ada',
    );
  });
});
