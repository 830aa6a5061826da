// Saving the media form: a new build media goes with its zip in one call (a refused zip leaves no media,
// and the form keeps what was typed); otherwise the fields first, then the chosen zip; then the chosen
// thumbnail, each upload reporting how far it is. Each stored state is handed to `onStored` as it comes,
// so a refusal later on (the thumbnail) still knows the media that exists.
import type { AdminMedia } from '@lablive/domain';
import { mediasApi } from '../adminApi.ts';
import type { MediaFormRequest } from './mediaFormValues.ts';

export type SavingStep = 'build' | 'thumbnail';

export async function saveMedia(
  existing: AdminMedia | null,
  request: MediaFormRequest,
  options: {
    signal: AbortSignal;
    /** An upload's progress, 0 to 1, or null when the total is not known. */
    onStep: (step: SavingStep, progress: number | null) => void;
    onStored: (media: AdminMedia) => void;
  },
): Promise<AdminMedia> {
  const { signal } = options;
  const progressOf = (step: SavingStep) => ({
    signal,
    onProgress: ({ loaded, total }: { loaded: number; total: number }) =>
      options.onStep(step, total > 0 ? loaded / total : null),
  });
  const withBuild = existing === null ? request.build : null;
  if (withBuild !== null) options.onStep('build', 0);
  let saved =
    existing !== null
      ? await mediasApi.change(existing.id, request.media, { signal })
      : withBuild !== null
        ? await mediasApi.createWithBuild(request.media, withBuild, {
            ...progressOf('build'),
            fileName: withBuild.name,
          })
        : await mediasApi.create(request.media, { signal });
  options.onStored(saved);
  // Then the chosen files not sent yet, the build before the thumbnail, each reported as its own step.
  const uploads = [
    { step: 'build', file: withBuild === null ? request.build : null, send: mediasApi.uploadBuild },
    { step: 'thumbnail', file: request.thumbnail, send: mediasApi.setThumbnail },
  ] as const;
  for (const { step, file, send } of uploads) {
    if (file === null) continue;
    options.onStep(step, 0);
    saved = await send(saved.id, file, { ...progressOf(step), fileName: file.name });
    options.onStored(saved);
  }
  return saved;
}
