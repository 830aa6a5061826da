// A request that comes in two (or more) shapes, the spec's and the project's (issue 28): which one a
// payload is written in is told by the fields it carries, so a wrong payload is refused with that
// shape's own errors, each naming its field, instead of zod's "Invalid input" for the union as a whole
// (zod reports a union's members only when all but one stop early, which a wrongly typed field does not).
// The union itself is what the OpenAPI document shows (`anyOf`, each shape with its fields) and what the
// route receives.
import { z } from 'zod';

type Shapes = readonly [z.ZodType, z.ZodType, ...z.ZodType[]];

/**
 * `options` as a union, `choose` picking the one a payload (an object) is written in. A payload that is
 * not an object is the union's to refuse.
 */
export function unionByFields<const T extends Shapes>(
  options: T,
  choose: (payload: Record<string, unknown>) => T[number],
) {
  return z.preprocess((payload, context) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
    const chosen = choose(payload as Record<string, unknown>).safeParse(payload);
    // The chosen shape's issues are the answer; the union, which would also accept this payload in
    // another shape, is not asked.
    if (!chosen.success) {
      for (const issue of chosen.error.issues) context.addIssue({ ...issue, input: undefined });
    }
    return payload;
  }, z.union(options));
}

/** Whether the payload carries any of `fields` (present, even if null: a client that sent it meant it). */
export const hasAnyField = (payload: Record<string, unknown>, fields: readonly string[]): boolean =>
  fields.some((field) => Object.hasOwn(payload, field));
