// Acts on the first-load parameters once the stored session has been checked: an invitation signs in
// and opens /event (if it fails, / at the link's own address, whose page says why and what to do); a
// calendar link opens /my-calendar.
// Returns true while an invitation sign-in is under way, so the shell can show its spinner.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthActor, useAuthStatus } from '../auth/useAuth.ts';
import { parseEntryParams } from './entryParams.ts';

export type CalendarState = { eventId: number; participantId: number; key: string };

export function useEntryParams(): boolean {
  const navigate = useNavigate();
  const actor = useAuthActor();
  const status = useAuthStatus();
  // The address of the very first load, before any redirect changes it.
  const entry = useRef(parseEntryParams(window.location.search));
  const handled = useRef(false);
  const [signingInWithInvitation, setSigningInWithInvitation] = useState(false);

  useEffect(() => {
    if (status === 'checking' || handled.current) return;
    handled.current = true;
    const params = entry.current;
    if (params.kind === 'invitation') {
      setSigningInWithInvitation(true);
      actor.send({ type: 'auth.login', credentials: { invitation: params.token } });
    } else if (params.kind === 'calendar') {
      const state: CalendarState = {
        eventId: params.eventId,
        participantId: params.participantId,
        key: params.key,
      };
      navigate('/my-calendar', { replace: true, state });
    }
  }, [status, actor, navigate]);

  useEffect(() => {
    if (!signingInWithInvitation) return;
    if (status === 'signedIn') {
      setSigningInWithInvitation(false);
      navigate('/event', { replace: true });
    } else if (status === 'signedOut') {
      setSigningInWithInvitation(false);
      // The link stays in the address: the page offers what its failure calls for (a fresh link), and a
      // reload tries it again.
      navigate({ pathname: '/', search: window.location.search }, { replace: true });
    }
  }, [signingInWithInvitation, status, navigate]);

  return signingInWithInvitation;
}
