// Every /api call that may change something runs in an audit context (db/auditContext.ts): the person
// calling (or anonymous), the reason they gave (the REASON_HEADER, percent-encoded), the zone their
// browser is in (TIME_ZONE_HEADER) and the call, so the audit trail's triggers record who changed what
// and why in the change's own transaction. A call the access table marks `reason: 'required'` (deleting
// or archiving a record the trail follows) is refused without a reason, before its service runs.
// Installed as a preHandler: the guards have authenticated the caller, the body has been parsed.
import {
  apiRouteAccess,
  DomainError,
  invalid,
  isTimeZone,
  REASON_HEADER,
  REASON_REQUIRED_MESSAGE,
  readReasonHeader,
  TIME_ZONE_HEADER,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../audit/auditActor.ts';
import { type AuditContext, runInAuditContext } from '../db/auditContext.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The context of a changing call, or the error that refuses it. */
function contextOf(request: FastifyRequest, url: string): AuditContext | DomainError {
  const reading = readReasonHeader(headerText(request.headers[REASON_HEADER]));
  if ('problem' in reading) return invalid(REASON_HEADER, reading.problem);
  const entry = apiRouteAccess(request.method, url);
  if (entry?.access === 'signedIn' && entry.reason === 'required' && reading.reason === null) {
    return new DomainError('validation', REASON_REQUIRED_MESSAGE);
  }
  const zone = headerText(request.headers[TIME_ZONE_HEADER])?.trim();
  if (zone !== undefined && zone !== '' && !isTimeZone(zone)) {
    return invalid(TIME_ZONE_HEADER, 'must be an IANA time zone, e.g. Europe/Paris');
  }
  return {
    actor: actorOf(request.caller ?? null),
    reason: reading.reason,
    timeZone: zone || null,
    via: `${request.method} ${url}`,
    open: true,
  };
}

export function installAuditContext(app: FastifyInstance): void {
  const contexts = new WeakMap<FastifyRequest, AuditContext>();
  app.addHook('preHandler', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (READS.has(request.method) || !url?.startsWith('/api/')) return done();
    const context = contextOf(request, url);
    if (context instanceof DomainError) return done(context);
    contexts.set(request, context);
    // The handler runs from within `done`, so it and all it awaits see the context.
    runInAuditContext(context, () => done());
  });
  app.addHook('onResponse', async (request) => {
    const context = contexts.get(request);
    if (context) context.open = false;
  });
}
