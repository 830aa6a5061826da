// A person's data gathered for them (GDPR access, issue 32): everything the lab holds about an e-mail
// address, as JSON or a readable PDF, for whoever answers the lab's data requests.
import { personalDataErasureSchema, personalDataQuerySchema } from '@lablive/domain';
import { z } from 'zod';
import type { ErasureService } from '../../personal-data/erasureService.ts';
import type { PersonalDataService } from '../../personal-data/personalDataService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';

export const personalDataRoutes = signedInPlugin(
  (route, { personalData, erasure }: { personalData: PersonalDataService; erasure: ErasureService }) => {
    route.get(
      '/personal-data',
      // A file (JSON or PDF), sent as it is: no JSON schema describes it.
      {
        querystring: personalDataQuerySchema,
        response: { 200: z.unknown().describe('The data, as a JSON or PDF file') },
      },
      async (caller, request, reply) => {
        const file = await personalData.export(caller, request.query);
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`);
        return file.body;
      },
    );
    route.post(
      '/personal-data/erasure',
      {
        body: personalDataErasureSchema,
        response: { 200: z.unknown().describe('What was erased and kept') },
      },
      async (caller, request) => erasure.erase(caller, request.body.email),
    );
  },
);
