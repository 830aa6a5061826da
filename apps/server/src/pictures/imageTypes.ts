// What a picture is, decided from its bytes by the file store's one detector (documents/fileTypes.ts),
// never from its name: only PNG, JPEG, WebP and GIF are pictures. SVG is refused with the rest of markup
// (a browser runs its scripts), as is anything the detector names otherwise (a PDF, a program, a page).
import { IMAGE_TYPES, type ImageType } from '@lablive/domain';
import type { ReceivedFile } from '../files/files.ts';
import { detectDocumentType } from '../files/fileTypes.ts';

export type ImageDetection = { accepted: true; type: ImageType } | { accepted: false; detected: string };

const IMAGES = new Map<string, ImageType>(IMAGE_TYPES.map((type) => [type.ext, type]));

export async function detectImageType(received: ReceivedFile): Promise<ImageDetection> {
  const detection = await detectDocumentType(received, undefined);
  if (!detection.accepted) return detection;
  const type = IMAGES.get(detection.type.ext);
  return type ? { accepted: true, type } : { accepted: false, detected: detection.type.mime };
}
