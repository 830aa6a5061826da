// What the waiting room says to a guest of an event with a lobby (issue 33, part 2): that a host lets
// guests in, that they are waiting to be admitted (announced politely to screen readers), or why they
// were not let in.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { WaitingRoomActor } from './useWaitingRoom.ts';

const REFUSALS = ['not_admitted', 'room_locked', 'removed_from_session', 'session_ended'] as const;
type KnownRefusal = (typeof REFUSALS)[number];
const isKnown = (code: string): code is KnownRefusal => (REFUSALS as readonly string[]).includes(code);

export function LobbyNotice({ actor }: { actor: WaitingRoomActor }) {
  const { t } = useTranslation('waiting');
  const knocking = useSelector(actor, (s) => s.matches({ waiting: { lobby: 'knocking' } }));
  const refusal = useSelector(actor, (s) => s.context.lobbyRefusal);
  if (knocking) {
    return (
      <p className="waiting-notice waiting-lobby" role="status" data-testid="waiting-lobby">
        {t('waitingRoom.lobby.waiting')}
      </p>
    );
  }
  if (refusal !== null) {
    return (
      <p className="form-error" role="alert" data-testid="waiting-lobby-refused" data-code={refusal}>
        {isKnown(refusal)
          ? t(`waitingRoom.lobby.refused.${refusal}`)
          : t('waitingRoom.lobby.refused.other', { code: refusal })}
      </p>
    );
  }
  return (
    <p className="muted" data-testid="waiting-lobby-intro">
      {t('waitingRoom.lobby.intro')}
    </p>
  );
}
