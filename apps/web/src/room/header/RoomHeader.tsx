// The room's header (live-room spec, section 2): the lab logo, the meeting timer, the
// pharmacovigilance button (animators, lab module pharmacovigilance), the share-documents panel (lab
// module share_document) and who I am in the room.
import type { LabModule } from '@lablive/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { Icon } from '../../components/Icon.tsx';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { useRoomName } from '../../i18n/roomName.ts';
import { useRoom, useRoomState } from '../roomContext.ts';
import { MeetingTimer } from '../timer/MeetingTimer.tsx';
import { DocumentsPanel } from './DocumentsPanel.tsx';
import { UserMenu } from './UserMenu.tsx';

// The report form is for animators only: its code (and its form library) loads for them alone.
// Broadcasting to every room is for animators too: loaded on their screens only.
const BroadcastDialog = lazyNamed(() => import('../broadcast/BroadcastDialog.tsx'), 'BroadcastDialog');
const PharmacovigilanceDialog = lazyNamed(
  () => import('../pharmacovigilance/PharmacovigilanceDialog.tsx'),
  'PharmacovigilanceDialog',
);

/** The lab's modules: the signed-in person's lab, else the room's configuration (the same lab). */
function useLabModules(): readonly LabModule[] {
  const user = useCurrentUser();
  const fromRoom = useRoomState((state) => state.config.labModules);
  return user?.lab.modules ?? fromRoom;
}

/** The public event's link, for the staff to hand out from the room (it is theirs only: see the token). */
function CopyPublicLink({ slug }: { slug: string }) {
  const { t } = useTranslation('room');
  const toast = useToast();
  const url = `${window.location.origin}/${slug}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ title: t('header.linkCopied', { url }), tone: 'success', testId: 'room-link-copied' });
    } catch {
      // No clipboard here (permission, insecure page): the link is still given, to copy by hand.
      toast.show({ title: t('header.linkNotCopied', { url }), tone: 'info', testId: 'room-link-copied' });
    }
  };
  return (
    <button type="button" className="header-button" data-testid="room-copy-link" onClick={() => void copy()}>
      <Icon name="link" size={18} />
      <span className="header-button-label">{t('header.copyLink')}</span>
    </button>
  );
}

export function RoomHeader() {
  const { t } = useTranslation('room');
  const nameOf = useRoomName();
  const { me, token } = useRoom();
  const myName = useRoomState(
    (state) => state.viewers.find((viewer) => viewer.id === me.participantId)?.name ?? '',
  );
  const labModules = useLabModules();
  const user = useCurrentUser();

  return (
    <header className="room-header">
      <div className="room-header-start">
        {token.labLogoUrl !== null && (
          <img
            className="room-logo"
            src={token.labLogoUrl}
            alt={t('header.logoAlt', { name: user?.lab.name ?? '' })}
          />
        )}
        <h1 className="room-title">{t('title')}</h1>
        <span className="room-name" data-testid="room-name">
          {t('header.roomName', { name: nameOf(token.roomName) })}
        </span>
      </div>
      <MeetingTimer />
      <div className="room-header-end">
        {token.publicSlug !== null && <CopyPublicLink slug={token.publicSlug} />}
        {me.isAnimator && labModules.includes('pharmacovigilance') && (
          <Suspense fallback={null}>
            <PharmacovigilanceDialog />
          </Suspense>
        )}
        {me.isAnimator && (
          <Suspense fallback={null}>
            <BroadcastDialog />
          </Suspense>
        )}
        {labModules.includes('share_document') && <DocumentsPanel />}
        <UserMenu name={myName} role={t(`header.roles.${me.role}`)} dataRole={me.role} />
      </div>
    </header>
  );
}
