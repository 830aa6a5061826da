// Which of a mesh peer's received streams is the camera and which the shared screen. Both ends label
// what they send in every description (`streams: { camera, screen }`, the MediaStream ids), so the
// receiver sorts the tracks as they arrive and forgets a screen the sender no longer declares.
import type { MeshStreams } from './meshSignals.ts';

export type Received<S extends { readonly id: string }> = { camera: S | null; screen: S | null };

export const NOTHING_RECEIVED = { camera: null, screen: null } as const;

export function streamRole(streamId: string, declared: MeshStreams): 'camera' | 'screen' {
  return declared.screen !== null && streamId === declared.screen ? 'screen' : 'camera';
}

/** A track arrived in `stream` (RTCPeerConnection ontrack). */
export function withStream<S extends { readonly id: string }>(
  received: Received<S>,
  stream: S,
  declared: MeshStreams,
): Received<S> {
  return streamRole(stream.id, declared) === 'screen'
    ? { ...received, screen: stream }
    : { ...received, camera: stream };
}

/** A new description from the sender: drop what it no longer sends. */
export function withDeclared<S extends { readonly id: string }>(
  received: Received<S>,
  declared: MeshStreams,
): Received<S> {
  const screen = received.screen !== null && received.screen.id === declared.screen ? received.screen : null;
  const camera =
    received.camera !== null && (declared.camera === null || received.camera.id === declared.camera)
      ? received.camera
      : null;
  return screen === received.screen && camera === received.camera ? received : { camera, screen };
}

/** The last track of a stream went away. */
export function withoutStream<S extends { readonly id: string }>(
  received: Received<S>,
  streamId: string,
): Received<S> {
  if (received.camera?.id === streamId) return { ...received, camera: null };
  if (received.screen?.id === streamId) return { ...received, screen: null };
  return received;
}
