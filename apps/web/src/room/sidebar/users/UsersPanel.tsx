// The users tab: everyone in the room in order of arrival (live-room spec, sections 3 and 6), with
// this person first so they find themselves at once.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { ViewerRow } from './ViewerRow.tsx';
import './users.css';

export function UsersPanel() {
  const { t } = useTranslation('room');
  const { me, token } = useRoom();
  const viewers = useRoomState((state) => state.viewers);
  const ordered = useMemo(
    () => [
      ...viewers.filter((viewer) => viewer.id === me.participantId),
      ...viewers.filter((viewer) => viewer.id !== me.participantId),
    ],
    [viewers, me.participantId],
  );
  const cameraModule = token.activeModules.includes('active_camera');

  return (
    <section className="sidebar-section" aria-labelledby="users-title">
      <h2 id="users-title" className="sidebar-heading">
        {t('users.title')}
      </h2>
      <p className="sidebar-muted" data-testid="users-count" data-count={viewers.length}>
        {t('users.present', { count: viewers.length })}
      </p>
      {ordered.length === 0 ? (
        <p className="sidebar-muted">{t('users.empty')}</p>
      ) : (
        <ul className="viewer-list">
          {ordered.map((viewer) => (
            <ViewerRow
              key={viewer.id}
              viewer={viewer}
              isMe={viewer.id === me.participantId}
              canForce={me.isAnimator}
              cameraModule={cameraModule}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
