// What the stage shows for the room's first media (live-room spec, section 2): the built-in sample quiz
// for `demo`, the media's embedded page when it has a build, else a notice that there is no content.
import { DEMO_MEDIA_SLUG, type RoomMedia } from '@lablive/domain';

export type StageContent =
  | { kind: 'quiz'; media: RoomMedia }
  | { kind: 'embedded'; media: RoomMedia; buildPath: string }
  | { kind: 'none'; media: RoomMedia | null };

export function stageContent(medias: readonly RoomMedia[]): StageContent {
  const media = medias[0];
  if (media === undefined) return { kind: 'none', media: null };
  if (media.slug === DEMO_MEDIA_SLUG) return { kind: 'quiz', media };
  if (media.build_path !== null && media.build_path.trim() !== '') {
    return { kind: 'embedded', media, buildPath: media.build_path };
  }
  return { kind: 'none', media };
}
