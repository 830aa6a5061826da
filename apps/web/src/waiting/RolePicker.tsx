// "Join meeting as" for staff (live-room spec, sections 2 and 6): changing the role updates the
// participation on the server at once; a refusal is shown under the selector.
import { EVENT_ROLES, type EventRole } from '@lablive/domain';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../components/ChoiceSelect.tsx';
import { describeFailure } from '../i18n/messages.ts';
import type { WaitingRoomActor } from './useWaitingRoom.ts';

const isEventRole = (value: string): value is EventRole => EVENT_ROLES.some((role) => role === value);

export function RolePicker({ actor }: { actor: WaitingRoomActor }) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const role = useSelector(actor, (s) => s.context.pendingRole ?? s.context.participation?.role ?? null);
  const saving = useSelector(actor, (s) => s.matches({ waiting: { room: 'savingRole' } }));
  const error = useSelector(actor, (s) => s.context.roleError);
  return (
    <div className="role-picker">
      <ChoiceSelect
        id="waiting-role"
        label={tw('waitingRoom.joinAs')}
        value={role}
        choices={EVENT_ROLES.map((value) => ({ value, label: tw(`roles.${value}`) }))}
        onChange={(value) => {
          if (isEventRole(value)) actor.send({ type: 'role.change', role: value });
        }}
        placeholder={tw('waitingRoom.joinAs')}
        disabled={saving}
        testId="waiting-role"
        describedBy={error === null ? undefined : 'waiting-role-error'}
      />
      <p className="muted role-status" aria-live="polite">
        {saving ? tw('waitingRoom.savingRole') : ''}
      </p>
      {error !== null && (
        <p id="waiting-role-error" className="form-error" role="alert" data-testid="waiting-role-error">
          {error.status === 403
            ? tw('waitingRoom.roleForbidden')
            : tw('waitingRoom.roleFailed', { reason: describeFailure(t, error) })}
        </p>
      )}
    </div>
  );
}
