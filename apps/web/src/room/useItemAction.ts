// One action at a time on an item of a room's list (share a document, take it back, download it, ask a
// prepared poll): which item waits for it, and what went wrong last, in words.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';

export function useItemAction() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Runs `action` for the item; a failure shows as `failed` says it, given the reason. */
  async function run(itemId: number, action: () => Promise<unknown>, failed: (reason: string) => string) {
    setPending(itemId);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failed(describeFailure(t, toFailure(failure))));
    } finally {
      setPending(null);
    }
  }

  return { pending, error, run };
}
