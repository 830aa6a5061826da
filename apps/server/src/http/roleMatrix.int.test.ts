// The role matrix: every /api route the app registers (read from the app, so a new route is covered
// without editing this file), called by each kind of caller, against the API access table. The table's
// requirement decides with the domain's own checkAccess who passes the guard; a route whose :id names an
// event or a room answers 404 to a caller who may not see it, and lets through the ones who may.
import {
  API_ROUTES,
  checkAccess,
  LAB_MODULES,
  type LabModule,
  MESSAGES,
  type Principal,
} from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

type Who =
  | 'anonymous'
  | 'guest'
  | 'user'
  | 'userOwner'
  | 'animator'
  | 'animatorNotOwner'
  | 'userManager'
  | 'statsReader'
  | 'statsParticipant'
  | 'admin'
  | 'adminWithoutModules';
type Caller = { token: string | null; principal: Principal | null; seesPrivateEvent: boolean };

let test: TestDatabase;
let app: FastifyInstance;
const callers = {} as Record<Who, Caller>;
let privateEvent: { eventId: number; roomIds: number[] };

const staff = (labId: number, modules: readonly LabModule[], over: object = {}): Principal => ({
  kind: 'user',
  userId: 0,
  labId,
  roles: ['user'],
  permissions: [],
  modules,
  ...over,
});

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  const labId = await createLab(test.db, 'Lab A', LAB_MODULES);
  const bareLabId = await createLab(test.db, 'Lab without modules', []);
  const ownerId = await createUser(test.db, { labId, email: 'owner@a.test', password: 'pw-owner-1' });
  await createUser(test.db, { labId, email: 'user@a.test', password: 'pw-user-1' });
  await createUser(test.db, {
    labId,
    email: 'animator@a.test',
    password: 'pw-animator-1',
    permissions: ['manage_events'],
  });
  // Issue 26's callers: an animator who neither owns nor takes part in the private event, a user manager
  // (fewer permissions than most colleagues), a statistics reader who may not see the private event and
  // one who takes part in it.
  await createUser(test.db, {
    labId,
    email: 'other-animator@a.test',
    password: 'pw-animator-2',
    permissions: ['manage_events'],
  });
  await createUser(test.db, {
    labId,
    email: 'user-manager@a.test',
    password: 'pw-manager-1',
    permissions: ['manage_users'],
  });
  await createUser(test.db, {
    labId,
    email: 'stats@a.test',
    password: 'pw-stats-1',
    permissions: ['view_statistics'],
  });
  await createUser(test.db, {
    labId,
    email: 'stats-participant@a.test',
    password: 'pw-stats-2',
    permissions: ['view_statistics'],
  });
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin-1', role: 'admin' });
  await createUser(test.db, {
    labId: bareLabId,
    email: 'admin@bare.test',
    password: 'pw-bare-1',
    role: 'admin',
  });
  privateEvent = await createEvent(test.db, { labId, ownerId, slug: 'private-1', isPublic: false });
  await createEvent(test.db, { labId, slug: 'public-1', isPublic: true });
  // The animator takes part in the private event: a manager registered them with that role.
  const admin = await signIn(app, 'admin@a.test', 'pw-admin-1');
  const registered = await app.inject({
    method: 'POST',
    url: '/api/participants',
    headers: { authorization: `Bearer ${admin}` },
    payload: { event_id: privateEvent.eventId, email: 'animator@a.test', role: 'animator' },
  });
  expect(registered.statusCode).toBe(201);
  const statsParticipant = await app.inject({
    method: 'POST',
    url: '/api/participants',
    headers: { authorization: `Bearer ${admin}` },
    payload: { event_id: privateEvent.eventId, email: 'stats-participant@a.test', role: 'participant' },
  });
  expect(statsParticipant.statusCode).toBe(201);
  const guest = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: {
      firstName: 'G',
      lastName: 'Uest',
      email: 'guest@x.org',
      eventSlug: 'public-1',
      isPublic: true,
    },
  });
  const all = LAB_MODULES;
  callers.anonymous = { token: null, principal: null, seesPrivateEvent: false };
  callers.guest = {
    token: guest.json().token,
    principal: { kind: 'guest', participantId: 0, labId, eventId: 0, modules: all },
    seesPrivateEvent: false,
  };
  callers.user = {
    token: await signIn(app, 'user@a.test', 'pw-user-1'),
    principal: staff(labId, all),
    seesPrivateEvent: false,
  };
  callers.userOwner = {
    token: await signIn(app, 'owner@a.test', 'pw-owner-1'),
    principal: staff(labId, all),
    seesPrivateEvent: true,
  };
  callers.animator = {
    token: await signIn(app, 'animator@a.test', 'pw-animator-1'),
    principal: staff(labId, all, { permissions: ['manage_events'] }),
    seesPrivateEvent: true,
  };
  callers.animatorNotOwner = {
    token: await signIn(app, 'other-animator@a.test', 'pw-animator-2'),
    principal: staff(labId, all, { permissions: ['manage_events'] }),
    seesPrivateEvent: false,
  };
  callers.userManager = {
    token: await signIn(app, 'user-manager@a.test', 'pw-manager-1'),
    principal: staff(labId, all, { permissions: ['manage_users'] }),
    seesPrivateEvent: false,
  };
  callers.statsReader = {
    token: await signIn(app, 'stats@a.test', 'pw-stats-1'),
    principal: staff(labId, all, { permissions: ['view_statistics'] }),
    seesPrivateEvent: false,
  };
  callers.statsParticipant = {
    token: await signIn(app, 'stats-participant@a.test', 'pw-stats-2'),
    principal: staff(labId, all, { permissions: ['view_statistics'] }),
    seesPrivateEvent: true,
  };
  callers.admin = {
    token: admin,
    principal: staff(labId, all, { roles: ['admin'] }),
    seesPrivateEvent: true,
  };
  callers.adminWithoutModules = {
    token: await signIn(app, 'admin@bare.test', 'pw-bare-1'),
    principal: staff(bareLabId, [], { roles: ['admin'] }),
    seesPrivateEvent: false,
  };
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

/** The route's path with its parameters filled: the private event or its room where the :id names one. */
function pathOf(url: string, scope: 'event' | 'room' | undefined): string {
  const id = scope === 'event' ? privateEvent.eventId : scope === 'room' ? privateEvent.roomIds[0] : 987654;
  return url.replace(':id', String(id)).replace(':pollId', '987654').replace(':token', 'not-a-token');
}

const isGuardRefusal = (status: number, body: { code?: string; detail?: string }) =>
  status === 401 ||
  (status === 403 && (body.detail === MESSAGES.notEnoughPermissions || body.code === 'module_disabled'));

describe('the role matrix of the API', () => {
  it('registers exactly the routes of the access table, each with a response schema', () => {
    const registered = app.apiRoutes.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered).toEqual(Object.keys(API_ROUTES).sort());
    const withoutResponse = app.apiRoutes.filter((route) => route.schema.response === undefined);
    expect(withoutResponse.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it.each(
    Object.keys({
      anonymous: 0,
      guest: 0,
      user: 0,
      userOwner: 0,
      animator: 0,
      animatorNotOwner: 0,
      userManager: 0,
      statsReader: 0,
      statsParticipant: 0,
      admin: 0,
      adminWithoutModules: 0,
    } satisfies Record<Who, 0>) as Who[],
  )('answers %s on every route as the table says', async (who) => {
    const caller = callers[who];
    const mismatches: string[] = [];
    // Logging out ends the caller's session: last, so the other calls still have it.
    const routes = [...app.apiRoutes].sort(
      (a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'),
    );
    for (const route of routes) {
      const scope = route.access.access === 'signedIn' ? route.access.scope : undefined;
      const response = await app.inject({
        method: route.method,
        url: pathOf(route.url, scope),
        ...(caller.token ? { headers: { authorization: `Bearer ${caller.token}` } } : {}),
      });
      const body = response.headers['content-type']?.includes('json') ? response.json() : {};
      const refused = isGuardRefusal(response.statusCode, body);
      let expected: 'pass' | 'refused' | 'absent';
      if (route.access.access === 'public') expected = 'pass';
      else if (!caller.principal) expected = 'refused';
      else if (!checkAccess(caller.principal, route.access.requirement ?? {}).allowed) expected = 'refused';
      else expected = scope && !caller.seesPrivateEvent ? 'absent' : 'pass';
      const actual = refused ? 'refused' : response.statusCode === 404 && scope ? 'absent' : 'pass';
      if (response.statusCode >= 500) mismatches.push(`${route.method} ${route.url}: ${response.statusCode}`);
      else if (actual !== expected) {
        mismatches.push(
          `${route.method} ${route.url}: expected ${expected}, got ${response.statusCode} ${response.body}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
