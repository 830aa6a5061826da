// The event form's lobby setting (issue 33, part 2): guests (participants, observers) wait in the lobby
// until a host of their room admits them. Off by default; the hint says who waits and who never does.
import type { EventFormInput } from '@lablive/domain';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export function LobbyField() {
  const { t: ta } = useTranslation('admin');
  const { register } = useFormContext<EventFormInput>();
  return (
    <div className="field">
      <label className="checkbox-field">
        <input
          type="checkbox"
          data-testid="event-lobby"
          aria-describedby="event-lobby-hint"
          {...register('lobby')}
        />
        {ta('form.lobby')}
      </label>
      <p className="muted" id="event-lobby-hint">
        {ta('form.lobbyHint')}
      </p>
    </div>
  );
}
