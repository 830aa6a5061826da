// What the routes share: the id parameter (who the caller is in an event: access/caller.ts).
import { idParamsSchema } from '@lablive/domain';

export const idParams = idParamsSchema;
