// Where pictures live: the file store's `images/<name>`, served at `/api/images/<name>`. The name is 32
// random characters (192 bits) and the detected type's extension: the URL is a capability, loadable by an
// <img> without a token (a tag cannot send one) and unguessable, so one lab's pictures are not another's
// to find. A row's URL says which file it uses; a URL that is not ours (a seeded or older one) has none.
import { randomBytes } from 'node:crypto';
import { IMAGE_TYPES, IMAGES_PATH, type ImageType } from '@lablive/domain';
import { openStoredFile, removeStoredFile } from '../files/files.ts';

const NAME = /^[A-Za-z0-9_-]{32}\.(png|jpg|webp|gif)$/;

const TYPE_OF_EXTENSION = new Map<string, ImageType>(IMAGE_TYPES.map((type) => [type.ext, type]));

/** A new picture's name (`<32 random characters>.<ext>`). */
export const newPictureName = (type: ImageType): string =>
  `${randomBytes(24).toString('base64url')}.${type.ext}`;

/** The store's key of a picture's name; undefined for anything that is not a name we give. */
export function pictureKey(name: string): string | undefined {
  return NAME.test(name) ? `images/${name}` : undefined;
}

export const pictureUrl = (name: string): string => `${IMAGES_PATH}${name}`;

/** The store's key of the picture a row's URL points to; undefined when it is not one of ours. */
export function pictureKeyOfUrl(url: string | null): string | undefined {
  if (url === null || !url.startsWith(IMAGES_PATH)) return undefined;
  return pictureKey(url.slice(IMAGES_PATH.length));
}

/** Opens the picture `name` with its content type; undefined when there is none by that name. */
export async function openPicture(filesDir: string, name: string) {
  const key = pictureKey(name);
  const type = TYPE_OF_EXTENSION.get(name.slice(name.lastIndexOf('.') + 1));
  if (key === undefined || type === undefined) return undefined;
  try {
    return { ...(await openStoredFile(filesDir, key)), contentType: type.mime };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes the pictures of `urls` that are ours (a replaced picture, a deleted group's). A file that
 * cannot be removed is reported and left: the change it follows is made already.
 */
export async function removePictures(
  filesDir: string,
  urls: readonly (string | null)[],
  log: { warn(details: object, message: string): void },
): Promise<void> {
  for (const url of urls) {
    const key = pictureKeyOfUrl(url);
    if (key === undefined) continue;
    try {
      await removeStoredFile(filesDir, key);
    } catch (error) {
      log.warn({ err: error, storageKey: key }, 'picture file not removed');
    }
  }
}
