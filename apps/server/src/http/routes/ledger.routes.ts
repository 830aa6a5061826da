// Tamper-evident exports (issue 32, part 2): a room's session log and the lab's audit trail as packages
// `lablive-verify` checks, and the verifier key they are signed with (public: labs publish it).
import { idSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { LedgerExports } from '../../ledger/ledgerExports.ts';
import { signedInPlugin } from '../routeDeclarations.ts';

const EXPORT_TYPE = 'application/x-ndjson; charset=utf-8';

export const ledgerRoutes = signedInPlugin(
  (route, { ledger }: { ledger: LedgerExports }, scope: FastifyInstance) => {
    route.get(
      '/rooms/:id/log/export',
      { params: z.object({ id: idSchema }), response: { 200: z.string() } },
      async (caller, request, reply) => {
        const file = await ledger.roomLog(caller, request.params.id);
        reply.type(EXPORT_TYPE).header('content-disposition', `attachment; filename="${file.fileName}"`);
        return file.body;
      },
    );
    route.get('/audit/log/export', { response: { 200: z.string() } }, async (caller, _request, reply) => {
      const file = await ledger.auditTrail(caller);
      reply.type(EXPORT_TYPE).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return file.body;
    });
    scope.get('/ledger/key', { schema: { response: { 200: z.string() } } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(`${ledger.verifierKey()}\n`),
    );
  },
);
