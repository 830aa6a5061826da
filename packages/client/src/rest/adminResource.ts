// The calls a back-office list makes on one of the lab's resources at `path` (`/api/groups`): the rows
// and one row read, created, changed, removed, and several removed at once (`delete-multiple`, answering how many).
// The areas name them for their resource (`createGroup`, `editPoll`); the shape is the server's one.
// Without body types, the resource is read and removed only (`never`: nothing to create or change).
// A removal takes the reason the audit trail records in `options.reason` (the server asks for one).
import { removedCountSchema } from '@lablive/domain';
import { z } from 'zod';
import type { AuthorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions } from './httpTransport.ts';

export function adminResource<T extends z.ZodType, Create = never, Change = Create>(
  calls: AuthorizedCalls,
  path: string,
  schema: T,
) {
  return {
    list: (options?: RequestOptions) => calls.get(path, z.array(schema), options),
    one: (id: number, options?: RequestOptions) => calls.get(`${path}/${id}`, schema, options),
    create: (body: Create, options?: RequestOptions) => calls.send('POST', path, body, schema, options),
    change: (id: number, body: Change, options?: RequestOptions) =>
      calls.send('PUT', `${path}/${id}`, body, schema, options),
    remove: (id: number, options?: RequestOptions) => calls.remove(`${path}/${id}`, options),
    removeMany: (ids: readonly number[], options?: RequestOptions) =>
      calls.send('POST', `${path}/delete-multiple`, { ids }, removedCountSchema, options),
  };
}
