// A participation's stored role read back as one of the domain's event roles.
import { EVENT_ROLES, type EventRole } from '@lablive/domain';

export const isEventRole = (value: string): value is EventRole =>
  (EVENT_ROLES as readonly string[]).includes(value);
