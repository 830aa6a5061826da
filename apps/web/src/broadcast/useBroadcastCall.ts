// One broadcast call as a form runs it: sending, then what the rooms said (all reached, or which missed
// it), or why nothing was sent, as a sentence in the page's language. A failed call keeps its request id,
// so sending again reaches the rooms that missed it without doubling anything in the others.
import type { BroadcastResponse } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../failure.ts';
import { useRoomName } from '../i18n/roomName.ts';

export type CallState = { sending: boolean; result: { tone: 'success' | 'error'; text: string } | null };

export function useBroadcastCall() {
  const { t } = useTranslation();
  const nameOf = useRoomName();
  const [state, setState] = useState<CallState>({ sending: false, result: null });
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  async function run<T extends BroadcastResponse>(
    call: (requestId: string) => Promise<T>,
  ): Promise<T | null> {
    setState({ sending: true, result: null });
    try {
      const answer = await call(requestId);
      const missed = answer.rooms.filter((room) => !room.delivered);
      const count = answer.rooms.length;
      const text =
        missed.length === 0
          ? t('broadcast.reachedAll', { count })
          : t('broadcast.reachedSome', {
              reached: count - missed.length,
              count,
              missed: missed.map((room) => nameOf(room.name)).join(', '),
            });
      // Everything arrived: the next sending is a new one.
      if (missed.length === 0) setRequestId(crypto.randomUUID());
      setState({ sending: false, result: { tone: missed.length === 0 ? 'success' : 'error', text } });
      return answer;
    } catch (error) {
      const failure = toFailure(error);
      const text =
        failure.code === 'forbidden'
          ? t('broadcast.notStaff')
          : failure.code === 'conflict'
            ? t('broadcast.runningOnly')
            : t('broadcast.failed');
      setState({ sending: false, result: { tone: 'error', text } });
      return null;
    }
  }

  return { ...state, run };
}
