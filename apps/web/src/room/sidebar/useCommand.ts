// Sends one kind of room command from a control and keeps what the control shows next to itself: a
// pending flag and the translated refusal of the last attempt.
import type { ClientRoomCommand } from '@lablive/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../roomContext.ts';
import { trySend } from './commandRefusal.ts';
import { refusalText } from './refusalText.ts';

export type CommandControl = {
  /** Resolves true when the room applied the command. */
  run(command: ClientRoomCommand): Promise<boolean>;
  pending: boolean;
  error: string | null;
  clearError(): void;
};

export function useCommand(): CommandControl {
  const { send } = useRoom();
  const { t } = useTranslation('room');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (command: ClientRoomCommand) => {
      setPending(true);
      setError(null);
      const refusal = await trySend(send, command);
      setPending(false);
      setError(refusal === null ? null : refusalText(t, refusal));
      return refusal === null;
    },
    [send, t],
  );
  const clearError = useCallback(() => setError(null), []);
  return { run, pending, error, clearError };
}
