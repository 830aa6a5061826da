// The consent calls on the guests' client (the entry and event pages); the back office makes its own
// from the same module in its chunk.
import { createConsentsApi } from '@lablive/client';
import { api } from '../services.ts';

export const consentsApi = createConsentsApi(api.transport);
