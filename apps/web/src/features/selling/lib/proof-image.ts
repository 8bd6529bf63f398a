import type { PaymentProof } from './selling-state';

/** A proof up to this size goes as it is; a bigger phone photo is scaled down first. */
const SEND_AS_IS_BYTES = 1.5 * 1024 * 1024;
/** The longest side of a scaled-down proof: still readable (values, dates, bank). */
const MAX_SIDE = 1600;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

async function scaledDown(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / bitmap.width, MAX_SIDE / bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return null;
  }
}

/** Throws when the file is not an image. */
export class NotAnImageError extends Error {}

/**
 * The proof as the API wants it (section 5 rule for images): base64 without the `data:…;base64,` prefix,
 * plus the data URL for the preview. Big photos are scaled to 1600 px JPEG so they stay under the API's limit.
 */
export async function readProof(file: File): Promise<PaymentProof> {
  if (!file.type.startsWith('image/')) throw new NotAnImageError(file.name);
  const dataUrl = (file.size > SEND_AS_IS_BYTES ? await scaledDown(file) : null) ?? (await readAsDataUrl(file));
  return { dataUrl, base64: dataUrl.slice(dataUrl.indexOf(',') + 1), name: file.name };
}
