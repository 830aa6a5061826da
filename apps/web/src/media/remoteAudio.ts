// Plays the other participants' sound in the mesh, one detached <audio> element per received stream,
// on the chosen output (HTMLMediaElement.setSinkId where the browser has it). Sound is played here and
// not by the video tiles, so it goes on while the tile column is collapsed or scrolled away, and the
// tiles stay muted whatever the provider (OpenTok plays its subscribers' sound itself).

export type RemoteAudio = {
  /** The streams to hear now; elements of streams no longer listed are stopped. */
  play(streams: readonly MediaStream[]): void;
  /** Null is the system's default output. Rejects when the browser cannot route to that device. */
  setSinkId(deviceId: string | null): Promise<void>;
  close(): void;
};

/** Whether the browser lets a page choose the speaker (Chromium does, Safari and older Firefox do not). */
export function canChooseAudioOutput(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

export function createRemoteAudio(onError: (error: unknown) => void): RemoteAudio {
  const elements = new Map<string, HTMLAudioElement>();
  let sinkId: string | null = null;
  const blocked = new Set<HTMLAudioElement>();

  // Autoplay with sound needs a user gesture on the page; a reload into the room has none yet, so the
  // blocked elements start on the next click or key press.
  function retryBlocked(): void {
    for (const element of blocked) start(element);
  }
  function start(element: HTMLAudioElement): void {
    element.play().then(
      () => blocked.delete(element),
      (error: unknown) => {
        // Stopped by us before it started (the stream went away): nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return onError(error);
        blocked.add(element);
        window.addEventListener('pointerdown', retryBlocked, { once: true });
        window.addEventListener('keydown', retryBlocked, { once: true });
      },
    );
  }

  async function route(element: HTMLAudioElement): Promise<void> {
    if (!canChooseAudioOutput()) return;
    await element.setSinkId(sinkId ?? '');
  }

  function stopElement(element: HTMLAudioElement): void {
    element.pause();
    element.srcObject = null;
    blocked.delete(element);
  }

  return {
    play(streams) {
      const wanted = new Map(streams.map((stream) => [stream.id, stream]));
      for (const [id, element] of elements) {
        if (wanted.get(id) === element.srcObject) continue;
        stopElement(element);
        elements.delete(id);
      }
      for (const [id, stream] of wanted) {
        if (elements.has(id)) continue;
        const element = new Audio();
        element.autoplay = true;
        element.srcObject = stream;
        elements.set(id, element);
        route(element).catch(onError);
        start(element);
      }
    },
    async setSinkId(deviceId) {
      if (!canChooseAudioOutput()) throw new Error('This browser cannot choose the audio output.');
      sinkId = deviceId;
      await Promise.all([...elements.values()].map(route));
    },
    close() {
      for (const element of elements.values()) stopElement(element);
      elements.clear();
      window.removeEventListener('pointerdown', retryBlocked);
      window.removeEventListener('keydown', retryBlocked);
    },
  };
}
