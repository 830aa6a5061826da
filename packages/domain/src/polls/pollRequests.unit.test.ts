// The poll request schemas: checkPollForm reasons on the right field, and the two shapes of an update.
import { describe, expect, it } from 'vitest';
import { createPollRequestSchema, updatePollRequestSchema } from './pollRequests.ts';

const issues = (schema: typeof createPollRequestSchema | typeof updatePollRequestSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
};

describe('poll requests', () => {
  it("place checkPollForm's reasons on the field they are about", () => {
    expect(issues(createPollRequestSchema, { question: ' ', options: ['a', 'b'] })).toEqual([
      { field: 'question', message: 'The question must not be blank.' },
    ]);
    expect(issues(createPollRequestSchema, { question: 'Q', options: ['a'] })).toEqual([
      { field: 'options', message: 'A poll needs at least 2 options.' },
    ]);
    expect(issues(createPollRequestSchema, { question: 'Q', options: ['a', 'b'], title: null })).toEqual([]);
  });

  it('take an update as a start or close, or as the full poll', () => {
    expect(issues(updatePollRequestSchema, { active: true, event_id: 3, opentok_session_id: 'x' })).toEqual(
      [],
    );
    expect(issues(updatePollRequestSchema, { question: 'Q', options: ['a', 'b'] })).toEqual([]);
    expect(issues(updatePollRequestSchema, {})).toMatchObject([{ field: 'active' }]);
    expect(issues(updatePollRequestSchema, { options: ['a', 'b'] })).toMatchObject([{ field: 'question' }]);
    expect(issues(updatePollRequestSchema, { question: 'Q', options: ['a', ''] })).toMatchObject([
      { field: 'options', message: 'An option must not be blank.' },
    ]);
  });
});
