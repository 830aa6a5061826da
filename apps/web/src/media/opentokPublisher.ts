// This person's camera and microphone on OpenTok: a publisher of clones of the session's own tracks
// (OpenTok may stop what it publishes; ours must go on for the preview and the speaking detection).
// A microphone switch replaces the audio source in place; a camera switch, or a device that was
// missing when publishing started, needs a new publisher, which replaces the old one.
import type OT from '@opentok/client';
import type { InputKind, LocalMedia } from './localMedia.ts';
import { deviceErrorFromOpenTok, OPENTOK_PUBLISHING, publisherProperties } from './opentokMapping.ts';

export type CameraPublisher = {
  /** Whether the microphone or camera is sent (OpenTok's publishAudio / publishVideo). */
  publish(kind: InputKind, enabled: boolean): void;
  /** The session's track of that kind changed: send the new one. */
  follow(kind: InputKind): Promise<void>;
  close(): void;
};

/** OpenTok's completion callback as a promise's settle functions. */
export const done = (resolve: () => void, reject: (error: unknown) => void) => (error?: OT.OTError) =>
  error === undefined ? resolve() : reject(error);

export async function createCameraPublisher(
  ot: typeof OT,
  session: OT.Session,
  local: LocalMedia,
  onError: (error: unknown) => void,
): Promise<CameraPublisher> {
  const clone = (kind: InputKind): MediaStreamTrack | null => {
    const copy = local.track(kind)?.clone() ?? null;
    // OpenTok's publishAudio/publishVideo decide what is sent; the copy itself stays live.
    if (copy !== null) copy.enabled = true;
    return copy;
  };

  async function publishCamera(): Promise<OT.Publisher> {
    const properties = publisherProperties({
      audioTrack: clone('audioinput'),
      videoTrack: clone('videoinput'),
      audioEnabled: local.enabled('audioinput'),
      videoEnabled: local.enabled('videoinput'),
    });
    const created = await new Promise<OT.Publisher>((resolve, reject) => {
      const publisher = ot.initPublisher(
        undefined,
        properties,
        done(() => resolve(publisher), reject),
      );
    });
    // The spec's video bitrate (section 9); OpenTok takes the audio one as a property.
    await created.setMaxVideoBitrate(OPENTOK_PUBLISHING.videoBitrate).catch(onError);
    await new Promise<void>((resolve, reject) => session.publish(created, done(resolve, reject)));
    return created;
  }

  let publisher = await publishCamera();

  async function republish(kind: InputKind): Promise<void> {
    let next: OT.Publisher;
    try {
      next = await publishCamera();
    } catch (error) {
      throw deviceErrorFromOpenTok(error, kind, local.track(kind)?.label ?? '');
    }
    const previous = publisher;
    publisher = next;
    session.unpublish(previous);
    previous.destroy();
  }

  return {
    publish(kind, enabled) {
      if (kind === 'audioinput') publisher.publishAudio(enabled);
      else publisher.publishVideo(enabled);
    },
    async follow(kind) {
      const track = clone(kind);
      if (kind === 'audioinput' && track !== null && publisher.getAudioSource() !== null) {
        await publisher.setAudioSource(track).catch((error: unknown) => {
          throw deviceErrorFromOpenTok(error, kind, track.label);
        });
        return;
      }
      await republish(kind);
    },
    close() {
      session.unpublish(publisher);
      publisher.destroy();
    },
  };
}
