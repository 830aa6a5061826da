// POST pharmacovigilance-report: a participant files an adverse-reaction report from a live room. It is
// stored first, then mailed to every active receiver of the lab once the row is committed, and the
// reporter is sent its reference (pharmacovigilance/pharmacovigilanceService.ts).
import { pharmacovigilanceReportCreatedSchema, pharmacovigilanceReportRequestSchema } from '@lablive/domain';
import type { PharmacovigilanceService } from '../../pharmacovigilance/pharmacovigilanceService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';

export const pharmacovigilanceRoutes = signedInPlugin(
  (route, { pharmacovigilance }: { pharmacovigilance: PharmacovigilanceService }) => {
    route.post(
      '/pharmacovigilance-report',
      { body: pharmacovigilanceReportRequestSchema, response: { 201: pharmacovigilanceReportCreatedSchema } },
      (caller, request) => pharmacovigilance.fileReport(caller, request.body, request.log),
    );
  },
);
