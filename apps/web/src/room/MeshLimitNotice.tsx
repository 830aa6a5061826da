// Tells staff when the room holds more people than the browser mesh carries (issue 30): video may fail
// without a media server, and an administrator can configure one. Shown to animators only, as a status
// (announced once, not an alert), and wrapped on a narrow screen like the other banners.
import { useTranslation } from 'react-i18next';
import { beyondMeshLimit, MESH_PARTICIPANT_LIMIT } from '../media/meshLimit.ts';
import { useRoom, useRoomState } from './roomContext.ts';

export function MeshLimitNotice() {
  const { t } = useTranslation('room');
  const { me, token } = useRoom();
  const count = useRoomState((state) => state.viewers.length);
  if (!me.isAnimator || !beyondMeshLimit(token.session.provider, count)) return null;
  return (
    <p className="room-banner room-banner-warning" role="status" data-testid="room-mesh-limit">
      {t('shell.meshLimit', { count, limit: MESH_PARTICIPANT_LIMIT })}
    </p>
  );
}
