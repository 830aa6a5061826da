// Sends a guest their invitation (a new single-use link by mail) and says how it went: sent, or saved
// but not mailed (the guest list's "Resend" then sends it again).
import type { ParticipantView } from '@lablive/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/useToast.ts';
import { adminApi } from '../adminApi.ts';

export function useSendInvitation(): (guest: ParticipantView) => Promise<void> {
  const { t } = useTranslation('admin');
  const toast = useToast();
  return useCallback(
    async (guest: ParticipantView) => {
      const invitation = await adminApi.invite({
        participant: guest.id,
        event: guest.event_id,
        room_id: guest.room_id,
        role: guest.role,
      });
      toast.show(
        invitation.mailed
          ? {
              title: t('participants.invitationSent', { email: guest.email }),
              tone: 'success',
              testId: 'invitation-sent',
            }
          : { title: t('participants.invitationNotMailed', { email: guest.email }), tone: 'warning' },
      );
    },
    [t, toast],
  );
}
