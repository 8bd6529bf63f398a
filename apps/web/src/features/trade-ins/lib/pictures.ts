import { photoToDataUrl } from '../../../lib/photos';

/**
 * A photo of the phone or the check's screenshot as a data URL, as the API takes pictures (base64, its prefix
 * allowed): `photoToDataUrl`. Null when the file is not an image.
 */
export async function pictureOf(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return null;
  return photoToDataUrl(file);
}
