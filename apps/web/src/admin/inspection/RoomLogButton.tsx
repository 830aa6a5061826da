// A room's session log signed for an inspector (issue 32): the button that downloads it, saved under
// the server's name, on a session's detail (one per room) and on the room's replay. Beside it, the page
// shows the InspectorNote (how the file is checked, and the verifier key).
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { statsApi } from '../adminApi.ts';
import { useSignedDownload } from './useSignedDownload.ts';

/** One page's room log downloads: which room's runs (null for none), and how to start one. */
export function useRoomLogDownload() {
  return useSignedDownload(
    (roomId: number) => statsApi.roomLogExport(roomId),
    (roomId) => `room-${roomId}-log.jsonl`,
  );
}

export type RoomLogDownload = ReturnType<typeof useRoomLogDownload>;

export function RoomLogButton(props: {
  roomId: number;
  /** The page's downloads: while one runs, every room's button waits. */
  signedLog: RoomLogDownload;
  /** A name that says which room, where the page has several (it starts with the visible label). */
  accessibleName?: string;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const { signedLog } = props;
  const busy = signedLog.downloading === props.roomId;
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      aria-label={props.accessibleName}
      aria-busy={busy}
      disabled={signedLog.downloading !== null}
      data-testid={props.testId}
      onClick={() => void signedLog.download(props.roomId)}
    >
      {busy && <Spinner />}
      <span>{busy ? t('inspection.exporting') : t('inspection.roomLog')}</span>
    </button>
  );
}
