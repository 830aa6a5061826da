// The attendance certificates' calls on the browser's transport: a guest's own certificate (signed in)
// and the public check of a code (no sign-in). The back office builds its own in admin/adminApi.ts.
import { createCertificatesApi } from '@lablive/client';
import { api } from '../services.ts';

export const certificatesApi = createCertificatesApi(api.transport);
