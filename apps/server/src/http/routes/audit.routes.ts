// The audit trail (issue 32): searched by who, what and when, and exported as CSV (in the reader's
// language, times in their zone) or JSON. Read only: no route changes or deletes an entry.
import { auditExportQuerySchema, auditPageSchema, auditQuerySchema } from '@lablive/domain';
import { z } from 'zod';
import type { AuditService } from '../../audit/auditService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';

export const auditRoutes = signedInPlugin((route, { audit }: { audit: AuditService }) => {
  route.get(
    '/audit',
    { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    (caller, request) => audit.search(caller, request.query),
  );
  route.get(
    '/audit/export',
    { querystring: auditExportQuerySchema, response: { 200: z.string() } },
    async (caller, request, reply) => {
      const file = await audit.exportFile(caller, request.query, caller.user.locale);
      reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
      return file.body;
    },
  );
});
