// The notes tab (live-room spec, sections 2 and 6): one's own notes, saved in the room (SaveNotes;
// only their author sees them) and downloadable as a .txt file; animators collect everyone's,
// participants hand theirs in when asked.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../components/lazyNamed.ts';
import { saveText } from '../../../components/saveBlob.ts';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';
import { NotesHandIn } from './NotesHandIn.tsx';
import { myNotesText, notesFileName } from './notesFile.ts';
import './notes.css';

// Asking for and collecting everyone's notes is the animators' side: it loads for them only.
const NotesRequests = lazyNamed(() => import('./NotesRequests.tsx'), 'NotesRequests');

export function NotesPanel() {
  const { t } = useTranslation('room');
  const { me, roomId, token } = useRoom();
  const saved = useRoomState(
    (state) => state.notes.find((notes) => notes.participantId === me.participantId)?.text ?? '',
  );
  const [draft, setDraft] = useState(saved);
  const [justSaved, setJustSaved] = useState(false);
  const save = useCommand();
  // The saved text the box started from: when the room's copy changes (saved from another tab), an
  // untouched box follows it, and a box being typed in keeps what is typed.
  const base = useRef(saved);

  useEffect(() => {
    const previous = base.current;
    base.current = saved;
    setDraft((current) => (current === previous ? saved : current));
  }, [saved]);

  const onSave = async () => {
    const text = draft;
    // What the room will hold once saved: its echo must not count as a change from elsewhere.
    const before = base.current;
    base.current = text;
    if (await save.run({ type: 'SaveNotes', data: { text } })) setJustSaved(true);
    else if (base.current === text) base.current = before;
  };

  const session = token.session.sessionName;
  const download = () =>
    saveText(
      notesFileName({ sessionName: session, roomId, kind: 'my-notes', date: new Date() }),
      myNotesText({ heading: t('notes.fileHeading', { session }), text: draft }),
    );
  const unsaved = draft !== saved;

  return (
    <section className="sidebar-section notes-panel" aria-labelledby="notes-title">
      <h2 id="notes-title" className="sidebar-heading">
        {t('notes.title')}
      </h2>
      <form
        className="notes-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <label className="visually-hidden" htmlFor="notes-input">
          {t('notes.input')}
        </label>
        <textarea
          id="notes-input"
          className="notes-input"
          data-testid="notes-input"
          rows={8}
          value={draft}
          placeholder={t('notes.placeholder')}
          onChange={(event) => {
            setDraft(event.target.value);
            setJustSaved(false);
            save.clearError();
          }}
        />
        <div className="notes-actions">
          <button
            type="submit"
            className="button button-primary button-small"
            data-testid="notes-save"
            disabled={save.pending}
          >
            {save.pending ? t('notes.saving') : t('notes.save')}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="notes-download"
            onClick={download}
          >
            {t('notes.download')}
          </button>
        </div>
        <p className={unsaved ? 'sidebar-muted' : 'form-success'} role="status" data-testid="notes-status">
          {unsaved ? t('notes.unsaved') : justSaved ? t('notes.saved') : ''}
        </p>
        <SidebarError error={save.error} />
      </form>
      {me.isAnimator ? (
        <Suspense fallback={null}>
          <NotesRequests />
        </Suspense>
      ) : (
        <NotesHandIn draft={draft} saved={saved} />
      )}
    </section>
  );
}
