// The header's share-documents panel (module share_document): a button with the count of shares since
// the person last opened it, and a popover listing the shared documents (and, for animators, the lab's
// documents to share or take back), whose code (DocumentsPopover.tsx) loads on first use.
import { useState } from 'react';
import { DeferredPopup } from '../../components/DeferredPopup.tsx';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { DocumentsButton } from './DocumentsButton.tsx';
import { useShareCounter } from './useShareCounter.ts';

const loadPopover = () => import('./DocumentsPopover.tsx');
const DocumentsPopover = lazyNamed(loadPopover, 'DocumentsPopover');

export function DocumentsPanel() {
  const [open, setOpen] = useState(false);
  const unseen = useShareCounter(open);
  return (
    <DeferredPopup
      preload={() => void loadPopover()}
      standIn={(standIn) => <DocumentsButton unseen={unseen} {...standIn} />}
      onWanted={() => setOpen(true)}
    >
      <DocumentsPopover open={open} onOpenChange={setOpen} unseen={unseen} />
    </DeferredPopup>
  );
}
