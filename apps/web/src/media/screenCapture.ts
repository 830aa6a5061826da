// The screen, window or tab an animator shares, for the mesh (OpenTok captures its own). Video only:
// the presenter's voice already goes through the microphone.

/** Rejects with the browser's NotAllowedError when the person closes the picker without choosing. */
export async function captureScreen(onEnded: () => void): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  const track = stream.getVideoTracks()[0];
  if (track === undefined) {
    for (const other of stream.getTracks()) other.stop();
    throw new Error('The shared screen has no video.');
  }
  // Slides and documents: keep text sharp rather than motion smooth when bandwidth is short.
  track.contentHint = 'detail';
  // The browser's own "Stop sharing" button ends the track without going through the room.
  track.addEventListener('ended', onEnded, { once: true });
  return stream;
}
