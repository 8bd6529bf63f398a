/**
 * The longest side a photo is sent with (a packaging photo, a used phone's or a repair's photo, a screenshot): the
 * server keeps 1280 px; a phone shoots 4000 px.
 */
export const PHOTO_MAX_SIDE = 1600;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * A photo as a data URL small enough to send over a phone's connection: redrawn on white (a screenshot's transparent
 * parts) as a JPEG of at most PHOTO_MAX_SIDE px when the browser can decode it, else the file as it is (the server
 * checks it).
 */
export async function photoToDataUrl(file: File): Promise<string> {
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext('2d');
      if (ctx) {
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        bitmap.close();
        return canvas.toDataURL('image/jpeg', 0.85);
      }
      bitmap.close();
    }
  } catch {
    // not decodable here (an old browser, HEIC on some phones): send the file, the server decides
  }
  return readAsDataUrl(file);
}
