// Who is calling: the principal the guards and services check, the user /api/me shows, and the event a
// guest's token is bound to. Loaded by auth/principals.repository.ts; every feature takes it from here.
import type { CurrentUser, Principal } from '@lablive/domain';

export type Caller = { principal: Principal; user: CurrentUser; eventId: number | null };
