// The registration calls on the guests' client (the public page, the confirm and cancel pages); the back
// office makes its own from the same module in its chunk.
import { createRegistrationsApi } from '@lablive/client';
import { api } from '../services.ts';

export const registrationsApi = createRegistrationsApi(api.transport);
