// A room's name on the guest list's room card, renamed in place while the event is open (Enter or a
// click elsewhere saves it, as the lists' names do); a refused name is said in the reader's language.
import { ROOM_NAME_MAX_LENGTH } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useRoomName } from '../../i18n/roomName.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { adminApi } from '../adminApi.ts';
import { InlineText } from '../list/InlineText.tsx';
import { eventKeys } from '../resources/events.ts';

export function RoomNameEdit(props: {
  eventId: number;
  room: { id: number; name: string };
  editable: boolean;
}) {
  const { eventId, room, editable } = props;
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const name = useRoomName()(room.name);
  const invalidate = useInvalidate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!editable) return <span data-testid={`room-${room.id}-name`}>{name}</span>;

  async function rename(value: string) {
    setSaving(true);
    setError(null);
    try {
      await adminApi.renameRoom(eventId, room.id, value);
      invalidate.refresh(eventKeys.rooms(eventId));
    } catch (failure) {
      setError(describeFailure(t, toFailure(failure)));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <InlineText
        value={name}
        label={ta('participants.roomNameOf', { name })}
        validate={(value) =>
          value.length === 0
            ? t('messages.fieldRequired')
            : value.length > ROOM_NAME_MAX_LENGTH
              ? ta('participants.roomNameTooLong', { max: ROOM_NAME_MAX_LENGTH })
              : null
        }
        disabled={saving}
        testId={`room-${room.id}-name`}
        onCommit={(value) => void rename(value)}
      />
      {error !== null && (
        <p className="field-error" role="alert" data-testid={`room-${room.id}-name-error`}>
          {error}
        </p>
      )}
    </>
  );
}
