// The access table of the REST API: every /api route, who may call it, and what its `:id` names when
// that is an event or a room. The server installs each route's guard from this table (before the
// request is parsed) and refuses to start with a route the table lacks; the role-matrix test checks
// every registered route against it. Rules finer than the guard (owning an event, being an animator of
// the room, managing events to register others) stay in the services, which answer 403 or 404.
import type { Requirement } from './access.ts';
import { ADMIN_ROUTES } from './adminRoutes.ts';

export type ApiRouteAccess =
  /** Anyone, signed in or not (sign-in itself, the public event page, health). */
  | { access: 'public' }
  /**
   * A signed-in caller meeting `requirement` (staff only, permissions, lab modules). `scope` says what
   * the path's `:id` names: the server answers 404 for an event or room the caller may not see.
   */
  | {
      access: 'signedIn';
      requirement?: Requirement;
      scope?: 'event' | 'room';
      /**
       * `required`: the call deletes or archives a record the audit trail follows, and is refused
       * without a reason (the REASON_HEADER, issue 32).
       */
      reason?: 'required';
    };

const PUBLIC = { access: 'public' } as const;
const SIGNED_IN = { access: 'signedIn' } as const;
const STAFF = { access: 'signedIn', requirement: { staff: true } } as const;
// The calls behind the event pages need what the pages need (adminRoutes.ts).
const MANAGE_EVENTS = { access: 'signedIn', requirement: ADMIN_ROUTES.events.requirement } as const;
const MANAGE_EVENT = { ...MANAGE_EVENTS, scope: 'event' } as const;
const MANAGE_PHARMACOVIGILANCE = {
  access: 'signedIn',
  requirement: ADMIN_ROUTES.pharmacovigilance.requirement,
} as const;
const POLLS = { access: 'signedIn', requirement: { modules: ['polls'] } } as const;
const MANAGE_POLLS = { access: 'signedIn', requirement: ADMIN_ROUTES.polls.requirement } as const;
const SHARE_DOCUMENT = { access: 'signedIn', requirement: { modules: ['share_document'] } } as const;
const MANAGE_DOCUMENTS = { access: 'signedIn', requirement: ADMIN_ROUTES.documents.requirement } as const;
const MANAGE_USERS = { access: 'signedIn', requirement: ADMIN_ROUTES.users.requirement } as const;
const MANAGE_GROUPS = { access: 'signedIn', requirement: ADMIN_ROUTES.groups.requirement } as const;
const STATS = { access: 'signedIn', requirement: ADMIN_ROUTES.stats.requirement } as const;
const STATS_OF_EVENT = { ...STATS, scope: 'event' } as const;
const STATS_OF_ROOM = { ...STATS, scope: 'room' } as const;
const CONSUMPTION = { access: 'signedIn', requirement: ADMIN_ROUTES.consumption.requirement } as const;
const VIEW_AUDIT = { access: 'signedIn', requirement: ADMIN_ROUTES.audit.requirement } as const;
const MANAGE_LABS = { access: 'signedIn', requirement: ADMIN_ROUTES.labs.requirement } as const;
const MANAGE_DEPLOYMENT_DAYS = {
  access: 'signedIn',
  requirement: ADMIN_ROUTES.deploymentDays.requirement,
} as const;
const EVENT = { access: 'signedIn', scope: 'event' } as const;
const ROOM = { access: 'signedIn', scope: 'room' } as const;

export const API_ROUTES = {
  'POST /api/login': PUBLIC,
  'POST /api/logout': SIGNED_IN,
  'GET /api/me': SIGNED_IN,
  'POST /api/refreshToken': PUBLIC,
  'POST /api/forgot-password': PUBLIC,
  'POST /api/change-password/:token': PUBLIC,
  // A used or expired personal link asks for a fresh one, mailed to its guest (issue 26).
  'POST /api/personal-links/resend': PUBLIC,
  // The link mailed to a new sign-in address: following it proves the address (issue 26).
  'POST /api/confirm-email/:token': PUBLIC,
  'GET /api/eventInfo/by-slug/:slug': PUBLIC,
  'GET /api/health': PUBLIC,
  'GET /api/health/live': PUBLIC,
  'GET /api/health/ready': PUBLIC,

  'GET /api/labs/:id': SIGNED_IN,
  // The platform's labs, for super-admins (issue 28): every lab, not the caller's.
  'GET /api/labs': MANAGE_LABS,
  'POST /api/labs': MANAGE_LABS,
  'GET /api/labs/:id/settings': MANAGE_LABS,
  'PUT /api/labs/:id/settings': MANAGE_LABS,
  'POST /api/labs/:id/suspend': { ...MANAGE_LABS, reason: 'required' },
  'POST /api/labs/:id/resume': MANAGE_LABS,
  'GET /api/users/:id': STAFF,
  // Their own profile, or a colleague's with manage users (the service checks which).
  'PUT /api/users/:id': STAFF,
  // The back office's users page (the lab's users, created with a set-password mail, removed).
  'GET /api/users': MANAGE_USERS,
  'POST /api/users': MANAGE_USERS,
  'DELETE /api/users/:id': { ...MANAGE_USERS, reason: 'required' },
  'POST /api/users/delete-multiple': { ...MANAGE_USERS, reason: 'required' },
  'GET /api/roles': MANAGE_USERS,
  'GET /api/events': STAFF,
  'POST /api/events': MANAGE_EVENTS,
  'GET /api/eventInfo/:id': EVENT,
  'GET /api/events/:id': EVENT,
  'PUT /api/events/:id': MANAGE_EVENT,
  'DELETE /api/events/:id': { ...MANAGE_EVENT, reason: 'required' },
  'GET /api/events/:id/mails': MANAGE_EVENT,
  // Attendance certificates (issue 33): the event's rules, set by who may change it (the service checks
  // the event is theirs and not started); who qualified, for the statistics' audience; a revocation,
  // with its reason; a guest's own certificate and its PDF; a code checked by anyone, rate-limited.
  'GET /api/events/:id/certificate-rules': MANAGE_EVENT,
  'PUT /api/events/:id/certificate-rules': MANAGE_EVENT,
  'GET /api/events/:id/certificates': STATS_OF_EVENT,
  'POST /api/events/:id/certificates/:certificateId/revoke': { ...MANAGE_EVENT, reason: 'required' },
  'GET /api/events/:id/my-certificate': EVENT,
  'GET /api/events/:id/my-certificate/pdf': EVENT,
  'GET /api/certificates/verify/:code': PUBLIC,
  // Statistics (module stats, permission view statistics), from the projections of the log. A session's
  // data (its detail, CSVs, replay with the chat) is scoped to an event or room the caller may see; the
  // lists and totals count only such events (the stats service filters them: docs/architecture.md).
  'GET /api/stats/totals': STATS,
  'GET /api/stats/polls': STATS,
  'GET /api/stats/documents': STATS,
  'GET /api/stats/:period': STATS,
  'GET /api/events/find/closed': STATS,
  'GET /api/events/:id/stats': STATS_OF_EVENT,
  'GET /api/events/:id/stats/attendance.csv': STATS_OF_EVENT,
  'GET /api/events/:id/stats/polls.csv': STATS_OF_EVENT,
  'GET /api/events/:id/stats/questions.csv': STATS_OF_EVENT,
  // Replay of a room's stream (the timeline, the room at an instant): the statistics' audience.
  'GET /api/rooms/:id/replay': STATS_OF_ROOM,
  'GET /api/rooms/:id/replay/state': STATS_OF_ROOM,
  // The live room's stats tab: the room's animators, or staff with view statistics who see the event
  // (the stats service decides which), in a lab with the stats module.
  'GET /api/rooms/:id/stats': { access: 'signedIn', scope: 'room', requirement: { modules: ['stats'] } },
  'GET /api/lab-consumption': CONSUMPTION,
  'GET /api/chart-consumption/:period': CONSUMPTION,
  'GET /api/chart-credit-tracking/:period': CONSUMPTION,
  // The lab's presentation medias: the event form's choices and the back office's medias page (a page's
  // address or an uploaded build, a thumbnail). Their builds are served outside /api (no token).
  'GET /api/medias': MANAGE_EVENTS,
  'GET /api/medias/:id': MANAGE_EVENTS,
  'POST /api/medias': MANAGE_EVENTS,
  'PUT /api/medias/:id': MANAGE_EVENTS,
  'DELETE /api/medias/:id': { ...MANAGE_EVENTS, reason: 'required' },
  'POST /api/medias/with-build': MANAGE_EVENTS,
  'POST /api/medias/:id/build': MANAGE_EVENTS,
  'PUT /api/medias/:id/thumbnail': MANAGE_EVENTS,
  'DELETE /api/medias/:id/thumbnail': MANAGE_EVENTS,
  // A media's own mail templates (issue 28): written by who may manage the media.
  'GET /api/medias/:id/email-templates': MANAGE_EVENTS,
  'PUT /api/medias/:id/email-templates/:kind/:locale': MANAGE_EVENTS,
  'DELETE /api/medias/:id/email-templates/:kind/:locale': MANAGE_EVENTS,
  'POST /api/medias/:id/email-templates/:kind/:locale/preview': MANAGE_EVENTS,
  'GET /api/email-templates': MANAGE_EVENTS,
  // Every event form reads the blocked days; they are the platform's, not a lab's: only super-admins
  // (manage_labs) block or free one, from their deployment days page.
  'GET /api/deployment-schedulers': STAFF,
  'POST /api/deployment-schedulers': MANAGE_DEPLOYMENT_DAYS,
  'DELETE /api/deployment-schedulers/:id': MANAGE_DEPLOYMENT_DAYS,
  'GET /api/events/:id/rooms': EVENT,
  // Who may change the event renames its rooms (the service checks the event is theirs).
  'PUT /api/events/:id/rooms/:roomId': MANAGE_EVENT,
  'GET /api/rooms': MANAGE_EVENTS,
  'GET /api/events/:id/joinroom': EVENT,
  // Broadcast to every room (issue 33 part 4): the service admits the event's animators and managers.
  'POST /api/events/:id/broadcast/announcements': EVENT,
  'POST /api/events/:id/broadcast/banner': EVENT,
  'POST /api/events/:id/broadcast/banner/clear': EVENT,
  'POST /api/events/:id/breakouts': EVENT,
  'POST /api/events/:id/breakouts/recall': EVENT,

  'POST /api/participants': SIGNED_IN,
  // The calendar page's calls: public, each checked against the calendar link's key.
  'GET /api/participants/calendar': PUBLIC,
  // Also the back office's call without a key (issue 28): its service authenticates the caller and lets
  // only staff who may change the event mail a guest their calendar entry.
  'POST /api/participants/calendar/add-event': PUBLIC,
  'POST /api/participants/calendar/join': PUBLIC,
  'PUT /api/participants/calendar/room': PUBLIC,
  'GET /api/participants': SIGNED_IN,
  'GET /api/participants/:id': SIGNED_IN,
  'PUT /api/participants/:id': SIGNED_IN,
  'DELETE /api/participants/:id': { ...MANAGE_EVENTS, reason: 'required' },
  'GET /api/event-invitations': SIGNED_IN,
  'POST /api/event-invitations': MANAGE_EVENTS,

  'GET /api/rooms/:id': ROOM,
  // Who knocks at the room's lobby: its hosts (the service checks the caller hosts the room).
  'GET /api/rooms/:id/lobby': ROOM,
  'GET /api/rooms/:id/token': ROOM,
  'POST /api/rooms/:id/leave': ROOM,
  'GET /api/rooms/:id/documents': ROOM,
  'PUT /api/rooms/:id/documents/add': ROOM,
  'PUT /api/rooms/:id/documents/remove': ROOM,

  'GET /api/documents/find/by-lab': SHARE_DOCUMENT,
  'GET /api/documents/:id/download': SHARE_DOCUMENT,
  // The back office's documents page (upload, rename, replace the file, delete).
  'GET /api/documents': MANAGE_DOCUMENTS,
  'POST /api/documents': MANAGE_DOCUMENTS,
  'GET /api/documents/:id': MANAGE_DOCUMENTS,
  'PUT /api/documents/:id': MANAGE_DOCUMENTS,
  'PUT /api/documents/:id/file': MANAGE_DOCUMENTS,
  'DELETE /api/documents/:id': { ...MANAGE_DOCUMENTS, reason: 'required' },
  'POST /api/documents/delete-multiple': { ...MANAGE_DOCUMENTS, reason: 'required' },
  // The back office's groups page (the lab's groups and what the panel offers to put in one).
  'GET /api/groups': MANAGE_GROUPS,
  'GET /api/groups/choices': MANAGE_GROUPS,
  'POST /api/groups': MANAGE_GROUPS,
  'PUT /api/groups/:id': MANAGE_GROUPS,
  'DELETE /api/groups/:id': { ...MANAGE_GROUPS, reason: 'required' },
  'POST /api/groups/delete-multiple': { ...MANAGE_GROUPS, reason: 'required' },
  // Pictures: a user's own avatar, or with manage users a colleague's or a group's (the service checks
  // which). Served back at an unguessable name an <img> loads without a token (a capability URL).
  'POST /api/upload': STAFF,
  'GET /api/images/:name': PUBLIC,
  // Saving and running a poll: a poll manager, or the room's animator (the poll service decides).
  'POST /api/polls': POLLS,
  'PUT /api/polls/:id': POLLS,
  'POST /api/polls/answer/:pollId': POLLS,
  // The back office's polls page (the lab's prepared polls, their removal).
  'GET /api/polls': MANAGE_POLLS,
  'GET /api/polls/by-lab/:labId': MANAGE_POLLS,
  'GET /api/polls/:id': MANAGE_POLLS,
  'DELETE /api/polls/:id': { ...MANAGE_POLLS, reason: 'required' },
  'POST /api/polls/delete-multiple': { ...MANAGE_POLLS, reason: 'required' },
  // The audit trail (issue 32): searched, and exported as CSV or JSON (the export is itself recorded).
  'GET /api/audit': VIEW_AUDIT,
  'GET /api/audit/export': VIEW_AUDIT,
  // Tamper-evident packages (issue 32): the lab's audit trail, a room's session log (who may read its
  // statistics), and the verifier key they are signed with, public as a key to check them must be.
  'GET /api/audit/log/export': VIEW_AUDIT,
  'GET /api/rooms/:id/log/export': STATS_OF_ROOM,
  'GET /api/ledger/key': PUBLIC,
  // Everything the lab holds about an e-mail address, for its owner (GDPR access, issue 32).
  'GET /api/personal-data': { access: 'signedIn', requirement: ADMIN_ROUTES.personalData.requirement },
  // ... and erased on its owner's request (GDPR erasure, issue 32), with the reason (the request).
  'POST /api/personal-data/erasure': {
    access: 'signedIn',
    requirement: ADMIN_ROUTES.personalData.requirement,
    reason: 'required',
  },
  // Consent (issue 33): the lab's texts for who administers its data protection (the consents page);
  // what a public event asks, public like its card; a guest's own, accepted and withdrawn by them.
  'GET /api/consents': { access: 'signedIn', requirement: ADMIN_ROUTES.consents.requirement },
  'PUT /api/consents/:kind': { access: 'signedIn', requirement: ADMIN_ROUTES.consents.requirement },
  'GET /api/eventInfo/by-slug/:slug/consents': PUBLIC,
  'GET /api/my-consents': SIGNED_IN,
  'POST /api/my-consents': SIGNED_IN,
  'POST /api/my-consents/:id/withdraw': SIGNED_IN,
  // Registration for public events (issue 33, part 5): the form and the registrations for who may change
  // the event (the service checks it is theirs), the funnel for its statistics' readers; the public page's
  // form and registration, and the links mailed to the guest (confirm their address, cancel).
  'GET /api/events/:id/registration': MANAGE_EVENT,
  'PUT /api/events/:id/registration': MANAGE_EVENT,
  'GET /api/events/:id/registrations': MANAGE_EVENT,
  'GET /api/events/:id/registrations.csv': MANAGE_EVENT,
  'POST /api/events/:id/registrations/:registrationId/decision': MANAGE_EVENT,
  'POST /api/events/:id/registrations/:registrationId/remove': MANAGE_EVENT,
  'GET /api/events/:id/registration-funnel': STATS_OF_EVENT,
  'GET /api/eventInfo/by-slug/:slug/registration': PUBLIC,
  'POST /api/eventInfo/by-slug/:slug/registrations': PUBLIC,
  'POST /api/registrations/confirm': PUBLIC,
  'POST /api/registrations/cancel': PUBLIC,
  'POST /api/pharmacovigilance-report': {
    access: 'signedIn',
    requirement: { modules: ['pharmacovigilance'] },
  },
  // The back office's pharmacovigilance pages (receivers, reports, a report's PDF).
  'GET /api/pharmacovigilance-receiver': MANAGE_PHARMACOVIGILANCE,
  'POST /api/pharmacovigilance-receiver': MANAGE_PHARMACOVIGILANCE,
  'PUT /api/pharmacovigilance-receiver/:id': MANAGE_PHARMACOVIGILANCE,
  'DELETE /api/pharmacovigilance-receiver/:id': { ...MANAGE_PHARMACOVIGILANCE, reason: 'required' },
  'POST /api/pharmacovigilance-remove-receivers': { ...MANAGE_PHARMACOVIGILANCE, reason: 'required' },
  'GET /api/pharmacovigilance-report': MANAGE_PHARMACOVIGILANCE,
  'GET /api/pharmacovigilance-report/:id': MANAGE_PHARMACOVIGILANCE,
  'GET /api/pharmacovigilance-report/:id/pdf': MANAGE_PHARMACOVIGILANCE,
  'DELETE /api/pharmacovigilance-report/:id': { ...MANAGE_PHARMACOVIGILANCE, reason: 'required' },
  'POST /api/pharmacovigilance-report/delete-multiple': { ...MANAGE_PHARMACOVIGILANCE, reason: 'required' },
} as const satisfies Record<string, ApiRouteAccess>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** The table's entry of a route as Fastify registers it (`GET`, `/api/events/:id`); HEAD is its GET. */
export function apiRouteAccess(method: string, url: string): ApiRouteAccess | undefined {
  const table: Readonly<Record<string, ApiRouteAccess>> = API_ROUTES;
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
