// What an in-place edit's value breaks of the shape's schema, in the reader's language, or null when it
// passes: InlineText's `validate`, from the same zod schema the server and the forms use.
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { translateMessage } from '../../i18n/messages.ts';

export function useSchemaProblem<T>(schema: ZodType<unknown, T>): (value: T) => string | null {
  const { t } = useTranslation();
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : translateMessage(t, parsed.error.issues[0]?.message ?? '');
  };
}
