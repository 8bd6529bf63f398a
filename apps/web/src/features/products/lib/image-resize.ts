import { PRODUCT_LIMITS } from '@backoffice/contract';

export interface PreparedImage {
  /** base64 JPEG without the data-URL prefix, as the API wants it (section 5). */
  base64: string;
  /** data URL for thumbnails and the preview. */
  dataUrl: string;
  name: string;
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    image.src = url;
  });
}

/** Resizes a picture to fit 300×300 (never enlarging) and encodes it as JPEG at quality 85. */
export async function prepareImage(file: File): Promise<PreparedImage> {
  const image = await loadImage(file);
  const side = PRODUCT_LIMITS.imageSide;
  const scale = Math.min(1, side / image.naturalWidth, side / image.naturalHeight);
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff'; // transparent PNGs become white, not black, in JPEG
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const dataUrl = canvas.toDataURL('image/jpeg', PRODUCT_LIMITS.imageQuality / 100);
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const name = `${file.name.replace(/\.[^.]+$/, '') || 'imagem'}.jpg`;
  return { base64, dataUrl, name };
}
