/** The longest side a photo or a screenshot is sent with (the server keeps less; a phone shoots 4000 px). */
const MAX_SIDE = 1600;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * A photo of the phone or the check's screenshot as a data URL, as the API takes pictures (base64, its prefix
 * allowed): redrawn as a JPEG of at most 1600 px on white when the browser can decode it, else the file as it is
 * (the server checks it). Null when the file is not an image.
 */
export async function pictureOf(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return null;
  try {
    if (typeof createImageBitmap === 'function') {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        bitmap.close();
        return canvas.toDataURL('image/jpeg', 0.85);
      }
      bitmap.close();
    }
  } catch {
    // not decodable here (HEIC on some phones): sent as it is, the server decides
  }
  return readAsDataUrl(file);
}
