// The documents popover (DocumentsPanel.tsx): the shared documents and, for animators, the lab's to share
// or take back. Loaded on first use.
import { Popover } from 'radix-ui';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { useRoom } from '../roomContext.ts';
import { DocumentsButton } from './DocumentsButton.tsx';
import { SharedDocuments } from './SharedDocuments.tsx';

// The lab's library, to share from, is for animators only.
const LabDocuments = lazyNamed(() => import('./LabDocuments.tsx'), 'LabDocuments');

type DocumentsPopoverProps = { open: boolean; onOpenChange(open: boolean): void; unseen: number };

export function DocumentsPopover({ open, onOpenChange, unseen }: DocumentsPopoverProps) {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <DocumentsButton unseen={unseen} />
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
