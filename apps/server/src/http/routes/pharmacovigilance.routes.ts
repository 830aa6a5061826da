// POST pharmacovigilance-report: a participant files an adverse-reaction report from a live room. It is
// stored first, then mailed to every active receiver of the lab once the row is committed.
import {
  forbidden,
  notFound,
  pharmacovigilanceReportCreatedSchema,
  pharmacovigilanceReportRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { findRoomInLab } from '../../events/rooms.repository.ts';
import type { MailOutbox } from '../../mail/mailOutbox.ts';
import { pharmacovigilanceReportMail } from '../../mail/templates.ts';
import { findOwnParticipation } from '../../participants/participants.repository.ts';
import { insertReport, listActiveReceivers } from '../../pharmacovigilance/reports.repository.ts';
import { personOf } from './routeHelpers.ts';

export async function pharmacovigilanceRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator; mailOutbox: MailOutbox },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, mailOutbox } = options;

  app.post(
    '/pharmacovigilance-report',
    {
      schema: {
        body: pharmacovigilanceReportRequestSchema,
        response: { 201: pharmacovigilanceReportCreatedSchema },
      },
    },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      const { room_id: roomId, ...report } = request.body;
      const room = await findRoomInLab(db, principal.labId, roomId);
      if (!room) throw notFound('room', roomId);
      const participation = await findOwnParticipation(db, personOf(caller), room.event_id);
      if (!participation)
        throw forbidden('Only participants of this event can file a report from its rooms.');
      const stored = await insertReport(
        db,
        {
          labId: principal.labId,
          eventId: room.event_id,
          roomId: room.id,
          userId: principal.kind === 'user' ? principal.userId : null,
          participantId: participation.id,
          username: caller.user.name,
          sessionName: room.event_name,
        },
        report,
      );

      // The report is committed and safe: the lab sees it in its report list whatever happens to the
      // mail. A failed mail is logged and answered as `mailed: false`, never as a failed report.
      const receivers = await listActiveReceivers(db, principal.labId);
      if (receivers.length === 0) {
        request.log.warn(
          { reportId: stored.id, labId: principal.labId },
          'no active pharmacovigilance receiver',
        );
      }
      // Labs have no language of their own yet: French, the product's first language.
      const mail = pharmacovigilanceReportMail('fr', {
        reportId: stored.id,
        username: caller.user.name,
        sessionName: room.event_name,
        filedAt: stored.created_at,
        timeZone: room.event_timezone,
        report,
      });
      // One mail per receiver, so no receiver learns the others' addresses; queued (retried while the
      // mail server refuses), one per report and receiver.
      const results = await Promise.allSettled(
        receivers.map((to) =>
          mailOutbox.send(db, { to, ...mail }, `pharmacovigilance-${stored.id}-${to}`, {
            kind: 'pharmacovigilance',
            labId: principal.labId,
            eventId: room.event_id,
          }),
        ),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          request.log.error({ err: result.reason, reportId: stored.id }, 'pharmacovigilance mail not sent');
        }
      }
      const mailed = receivers.length > 0 && results.every((result) => result.status === 'fulfilled');
      return reply.status(201).send({ id: stored.id, mailed });
    },
  );
}
