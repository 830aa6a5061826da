// One action at a time on a document of the documents popover (share, take back, download): which
// document waits for it, and what went wrong last, in words.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';

export function useDocumentAction() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Runs `action` for the document; a failure shows as `failed` says it, given the reason. */
  async function run(documentId: number, action: () => Promise<unknown>, failed: (reason: string) => string) {
    setPending(documentId);
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

/** What went wrong with the list or its last action, under it; nothing while all is well. */
export function DocumentsError({ error }: { error: string | null }) {
  if (error === null) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}
