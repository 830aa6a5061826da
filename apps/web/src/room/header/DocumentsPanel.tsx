// The header's share-documents panel (module share_document): a button with the count of shares since
// the person last opened it, and a popover listing the shared documents (and, for animators, the lab's
// documents to share or take back).
import { Popover } from 'radix-ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { Icon } from '../controls/icons.tsx';
import { useRoom } from '../roomContext.ts';
import { SharedDocuments } from './SharedDocuments.tsx';
import { useShareCounter } from './useShareCounter.ts';

// The lab's library, to share from, is for animators only.
const LabDocuments = lazyNamed(() => import('./LabDocuments.tsx'), 'LabDocuments');

export function DocumentsPanel() {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const [open, setOpen] = useState(false);
  const unseen = useShareCounter(open);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="header-button" data-testid="documents-open">
          <Icon name="documents" />
          {/* The name is what shows ("Documents", then the count), so voice control finds it. */}
          <span className="header-button-label">{t('documents.title')}</span>
          {unseen > 0 && (
            <span className="visually-hidden">{t('documents.newCount', { count: unseen })}</span>
          )}
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
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover documents-panel"
          align="end"
          sideOffset={8}
          aria-label={t('documents.title')}
        >
          <h2 className="popover-title">{t('documents.title')}</h2>
          <SharedDocuments />
          {me.isAnimator && (
            <Suspense fallback={null}>
              <LabDocuments />
            </Suspense>
          )}
          <Popover.Close className="icon-button popover-close" aria-label={t('documents.close')}>
            <Icon name="close" size={18} />
          </Popover.Close>
          <Popover.Arrow className="popover-arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
