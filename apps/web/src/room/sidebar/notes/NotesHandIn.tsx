// A participant's side of an animator's notes request: a prompt to hand in their notes as they are in
// the box (SubmitNotes), or, if they chose so once, their saved notes handed in as soon as a request
// arrives. A request stays asked until this person's submission comes back in the room state.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';
import { useAutoSubmitPreference } from './autoSubmitPreference.ts';

type NotesHandInProps = {
  /** The notes in the box now (what the prompt hands in). */
  draft: string;
  /** The notes last saved in the room (what the automatic hand-in sends). */
  saved: string;
};

export function NotesHandIn({ draft, saved }: NotesHandInProps) {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const requests = useRoomState((state) => state.notesRequests);
  const pending = useMemo(
    () =>
      requests.filter(
        (request) => !request.submissions.some((submission) => submission.participantId === me.participantId),
      ),
    [requests, me.participantId],
  );
  const [auto, setAuto] = useAutoSubmitPreference();
  const submit = useCommand();
  const [handedIn, setHandedIn] = useState(false);
  // Requests already handed in automatically from this page, so a re-render never sends twice.
  const sentAutomatically = useRef(new Set<string>());

  useEffect(() => {
    if (!auto) return;
    for (const request of pending) {
      if (sentAutomatically.current.has(request.id)) continue;
      sentAutomatically.current.add(request.id);
      void submit
        .run({ type: 'SubmitNotes', data: { requestId: request.id, text: saved } })
        .then(setHandedIn);
    }
  }, [auto, pending, saved, submit.run]);

  const latest = pending.at(-1);

  return (
    <div className="notes-hand-in">
      {latest !== undefined && (
        <div className="notes-prompt" role="alert" data-testid="notes-prompt">
          <p>{t('notes.prompt')}</p>
          <button
            type="button"
            className="button button-primary button-small"
            data-testid={`notes-submit-${latest.id}`}
            disabled={submit.pending}
            onClick={() =>
              void submit
                .run({ type: 'SubmitNotes', data: { requestId: latest.id, text: draft } })
                .then(setHandedIn)
            }
          >
            {t('notes.submit')}
          </button>
        </div>
      )}
      <p className="form-success" role="status" data-testid="notes-submitted">
        {handedIn && latest === undefined ? t('notes.submitted') : ''}
      </p>
      <SidebarError error={submit.error} />
      <div className="checkbox-field">
        <input
          id="notes-auto-submit"
          type="checkbox"
          data-testid="notes-auto-submit"
          checked={auto}
          onChange={(event) => setAuto(event.target.checked)}
        />
        <label htmlFor="notes-auto-submit">{t('notes.autoSubmit')}</label>
      </div>
    </div>
  );
}
