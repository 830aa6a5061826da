// Hands the waiting room's open camera and microphone to the live room, so the camera does not stop
// and start again on Join (and the first frames reach the others sooner). A MediaStream cannot travel
// in the router's navigation state (history state is cloned, streams are not), so it waits here, in
// memory, for the room of the same tab to take it.

let waiting: MediaStream | null = null;

/** The waiting room gives its stream away on Join: from then on it must not stop its tracks. */
export function handOverLocalStream(stream: MediaStream): void {
  if (waiting !== null && waiting !== stream) stopAll(waiting);
  waiting = stream;
}

/**
 * The room takes the stream (once): pass it to createMediaSession as `localStream`. Null when nothing
 * was handed over (a reload) or its devices stopped meanwhile; the session then opens its own.
 */
export function takeLocalStream(): MediaStream | null {
  const stream = waiting;
  waiting = null;
  if (stream === null) return null;
  if (stream.getTracks().some((track) => track.readyState === 'live')) return stream;
  stopAll(stream);
  return null;
}

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
