// Ids in paths and query strings: canonical decimal integers only. `z.coerce.number()` would read
// " 1" as 1 and "0x10" as 16, so two spellings of one id would pass every check made on the text.
import { z } from 'zod';

/** Ids are bigint identities, read as JavaScript numbers: exact up to 2^53 - 1. */
export const idSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'must be a positive integer written in decimal digits' })
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, { error: 'is too large' }));

export const idParamsSchema = z.object({ id: idSchema });

/**
 * A whole number in a query string (an offset, a page size), in decimal digits for the same reason as
 * ids: one spelling per number. `min` and `max` bound it; their messages name the bound.
 */
export const queryNumberSchema = (min: number, max: number) =>
  z
    .string()
    .regex(/^(?:0|[1-9][0-9]{0,15})$/, { error: 'must be a whole number written in decimal digits' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
