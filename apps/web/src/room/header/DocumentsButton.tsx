// The header's documents button, with the count of shares not yet seen: the documents popover's trigger,
// and its stand-in until the popover's code loads.
import { useTranslation } from 'react-i18next';
import type { TriggerProps } from '../../components/DeferredPopup.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PopupTrigger } from '../../components/PopupTrigger.tsx';

export function DocumentsButton({ unseen, ...props }: TriggerProps & { unseen: number }) {
  const { t } = useTranslation('room');
  return (
    <PopupTrigger popup="dialog" className="header-button" testId="documents-open" {...props}>
      <Icon name="documents" />
      {/* The name is what shows ("Documents", then the count), so voice control finds it. */}
      <span className="header-button-label">{t('documents.title')}</span>
      {unseen > 0 && <span className="visually-hidden">{t('documents.newCount', { count: unseen })}</span>}
      {/* Always there (hidden at zero), so a test reads 0 as well as any other count. */}
      <span
        className="counter-badge"
        data-testid="documents-counter"
        data-count={unseen}
        hidden={unseen === 0}
        aria-hidden="true"
      >
        {unseen}
      </span>
    </PopupTrigger>
  );
}
