import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_COLOR, groupFormSchema, memberBadge } from './groups.ts';

describe('the member badge', () => {
  it('shows the count up to 99, and +99 beyond', () => {
    expect([0, 1, 98, 99, 100, 5000].map(memberBadge)).toEqual(['0', '1', '98', '99', '+99', '+99']);
  });
});

describe('the group form', () => {
  it('requires a name in the spec’s words, takes #rrggbb lower-cased, and lists each id once', () => {
    expect(groupFormSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'This field must be filled',
    );
    expect(groupFormSchema.parse({ name: ' Cardio ', color: '#3C7CFF', users: [3, 1, 3] })).toEqual({
      name: 'Cardio',
      color: DEFAULT_GROUP_COLOR,
      users: [3, 1],
    });
    expect(groupFormSchema.safeParse({ name: 'A', color: 'red' }).success).toBe(false);
    expect(groupFormSchema.safeParse({ name: 'A', picture_url: 'http://elsewhere/x.png' }).success).toBe(
      false,
    );
  });
});
