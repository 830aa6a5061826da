// The animators' side of notes (live-room spec, section 6): ask everyone for their notes
// (RequestNotes), follow who handed theirs in for each request, and download them all as one .txt file
// with each participant's name and notes.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { saveText } from '../../../components/saveBlob.ts';
import { useFormat } from '../../../format/useFormat.ts';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';
import { allNotesText, notesFileName } from './notesFile.ts';

export function NotesRequests() {
  const { t } = useTranslation('room');
  const { roomId, token } = useRoom();
  const requests = useRoomState((state) => state.notesRequests);
  const ask = useCommand();
  const format = useFormat();
  const time = useMemo(() => format.timeFormat(), [format]);
  const formatTime = (iso: string) => time.format(new Date(iso));
  const session = token.session.sessionName;

  const downloadAll = (requestId: string) => {
    const request = requests.find((candidate) => candidate.id === requestId);
    if (request === undefined) return;
    const text = allNotesText({
      heading: t('notes.allFileHeading', { session, time: formatTime(request.at) }),
      submissions: request.submissions,
      empty: t('notes.noNotes'),
      time: formatTime,
    });
    saveText(
      notesFileName({ sessionName: session, roomId, kind: 'all-notes', date: new Date(request.at) }),
      text,
    );
  };

  return (
    <div className="notes-requests">
      <button
        type="button"
        className="button button-secondary"
        data-testid="notes-request"
        disabled={ask.pending}
        onClick={() => void ask.run({ type: 'RequestNotes', data: {} })}
      >
        {t('notes.request')}
      </button>
      <SidebarError error={ask.error} />
      {requests.length > 0 && (
        <>
          <h3 className="sidebar-subheading">{t('notes.requests')}</h3>
          <ul className="notes-request-list">
            {[...requests].reverse().map((request) => (
              <li
                key={request.id}
                className="notes-request sidebar-card"
                data-testid={`notes-request-${request.id}`}
              >
                <span className="notes-request-time">
                  {t('notes.requestedAt', { time: formatTime(request.at) })}
                </span>
                <span data-testid={`notes-submissions-${request.id}`} data-count={request.submissions.length}>
                  {t('notes.submissions', { count: request.submissions.length })}
                </span>
                {request.submissions.length > 0 && (
                  <span className="sidebar-muted notes-request-names">
                    {request.submissions.map((submission) => submission.name).join(', ')}
                  </span>
                )}
                <button
                  type="button"
                  className="button button-secondary button-small"
                  data-testid={`notes-download-all-${request.id}`}
                  onClick={() => downloadAll(request.id)}
                >
                  {t('notes.downloadAll')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
