// A lab's retention of its events' chat and attendance (issue 32): whole days from 1 to a century after
// an event's end, or null to keep for good; left out of a change, it is left as it was.
import { describe, expect, it } from 'vitest';
import {
  labCreateSchema,
  labFormSchema,
  labUpdateSchema,
  MAX_RETENTION_DAYS,
  NEW_LAB_FORM,
  RETENTION_DAYS_MESSAGE,
} from './labAdmin.ts';

const RETENTIONS = ['chat_retention_days', 'attendance_retention_days'] as const;
const form = (values: Record<string, unknown>) =>
  labFormSchema.safeParse({ ...NEW_LAB_FORM, name: 'Lab Nord', slug: 'lab-nord', ...values });

describe('a lab’s retention in days', () => {
  it.each(RETENTIONS)('%s takes null (kept), 1 and 36500', (field) => {
    for (const days of [null, 1, 30, MAX_RETENTION_DAYS]) {
      const parsed = form({ [field]: days });
      expect(parsed.success, `${field}: ${days}`).toBe(true);
      expect(parsed.data?.[field]).toBe(days);
    }
    expect(MAX_RETENTION_DAYS).toBe(36_500);
  });

  it.each(RETENTIONS)('%s refuses 0, -1, 36501, 1.5 and text, naming the field', (field) => {
    for (const days of [0, -1, MAX_RETENTION_DAYS + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '30']) {
      const parsed = form({ [field]: days });
      expect(parsed.success, `${field}: ${String(days)}`).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: [field], message: RETENTION_DAYS_MESSAGE }),
      ]);
    }
  });

  it('starts a new lab keeping everything', () => {
    expect(NEW_LAB_FORM.chat_retention_days).toBeNull();
    expect(NEW_LAB_FORM.attendance_retention_days).toBeNull();
  });

  it('may be left out: a new lab keeps, a change leaves the lab’s as it was', () => {
    const lab = { ...NEW_LAB_FORM, name: 'Lab Nord', slug: 'lab-nord' };
    const { chat_retention_days: _chat, attendance_retention_days: _attendance, ...without } = lab;
    const admin = { email: 'greta@nord.test', first_name: 'Greta', last_name: 'Nord' };
    expect(labCreateSchema.safeParse({ ...without, admin }).success).toBe(true);
    const change = labUpdateSchema.parse({ plan_minutes: 1 });
    expect(Object.keys(change)).toEqual(['plan_minutes']);
    // Null on a change goes back to keeping.
    expect(labUpdateSchema.parse({ chat_retention_days: null })).toEqual({ chat_retention_days: null });
    expect(labUpdateSchema.safeParse({ attendance_retention_days: 0 }).success).toBe(false);
  });
});
