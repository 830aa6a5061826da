// Beside the buttons that download a signed export (issue 32, part 2): how an inspector checks the file
// (`npx lablive-verify <file> --key <key>`) and the lab's verifier key to give it, as text to select
// and with a button that copies it. The key is public: labs publish it.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useLedgerKey } from '../resources/ledger.ts';
import './inspection.css';

export function InspectorNote({ testId = 'inspector-note' }: { testId?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="inspector-note" data-testid={testId}>
      <p className="inspector-how">
        <strong>{t('inspection.title')}</strong> {t('inspection.how')}
      </p>
      <code className="inspector-code" data-testid="inspector-command">
        {t('inspection.command')}
      </code>
      <p className="inspector-key-label">{t('inspection.key')}</p>
      <VerifierKey />
    </div>
  );
}

function VerifierKey() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { state, reload } = useLoadedQuery(useLedgerKey());
  const toast = useToast();
  if (state.status === 'loading')
    return (
      <p className="muted" role="status">
        <Spinner /> {t('inspection.keyLoading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <p className="form-error inspector-key-failed" data-testid="ledger-key-error">
        {t('inspection.keyFailed', { reason: describeFailure(tCommon, state.failure) })}{' '}
        <button type="button" className="button button-secondary button-small" onClick={reload}>
          {t('inspection.retry')}
        </button>
      </p>
    );
  const key = state.value;
  async function copy() {
    try {
      await navigator.clipboard.writeText(key);
      toast.show({ title: t('inspection.keyCopied'), tone: 'success', testId: 'ledger-key-copied' });
    } catch {
      // No clipboard here (permission, insecure page): the key is on screen, to copy by hand.
      toast.show({ title: t('inspection.keyNotCopied'), tone: 'info', testId: 'ledger-key-copied' });
    }
  }
  return (
    <div className="inspector-key">
      <code className="inspector-code" data-testid="ledger-key">
        {key}
      </code>
      <button
        type="button"
        className="button button-secondary button-small"
        data-testid="ledger-key-copy"
        onClick={() => void copy()}
      >
        {t('inspection.copyKey')}
      </button>
    </div>
  );
}
