/**
 * Shrinks a chosen photo in the browser before it is uploaded (issue 28): a photo with a long
 * side of at most 1080 px and a thumbnail of at most 240 px, as WebP (JPEG where the browser
 * cannot write WebP), each under the bucket's 300 KiB. Refuses what is not an image, a file
 * over 25 MB, and an image the browser cannot read.
 */
export const PHOTO_LONG_SIDE = 1080;
export const THUMB_LONG_SIDE = 240;
/** The bucket takes 300 KiB; a little room is kept. */
export const PHOTO_MAX_BYTES = 290 * 1024;
/** A phone camera's largest photos are about 10-15 MB; anything far above is not a photo to shrink here. */
export const PHOTO_MAX_INPUT_BYTES = 25 * 1024 * 1024;

export type ShrinkFailure = 'not-image' | 'too-big' | 'unreadable';
export type ShrinkResult = { ok: true; full: Blob; thumb: Blob; type: 'image/webp' | 'image/jpeg' } | { ok: false; reason: ShrinkFailure };

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function encode(bitmap: ImageBitmap, longSide: number, preferred: 'image/webp' | 'image/jpeg'): Promise<Blob | null> {
  let scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  for (let attempt = 0; attempt < 6; attempt++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.8, 0.65, 0.5]) {
      const blob = await toBlob(canvas, preferred, quality);
      if (!blob || blob.type !== preferred) return null;
      if (blob.size <= PHOTO_MAX_BYTES) return blob;
    }
    scale *= 0.75;
  }
  return null;
}

export async function shrinkPhoto(file: File): Promise<ShrinkResult> {
  if (!file.type.startsWith('image/')) return { ok: false, reason: 'not-image' };
  if (file.size > PHOTO_MAX_INPUT_BYTES) return { ok: false, reason: 'too-big' };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    for (const type of ['image/webp', 'image/jpeg'] as const) {
      const full = await encode(bitmap, PHOTO_LONG_SIDE, type);
      if (!full) continue;
      const thumb = await encode(bitmap, THUMB_LONG_SIDE, type);
      if (thumb) return { ok: true, full, thumb, type };
    }
    return { ok: false, reason: 'unreadable' };
  } finally {
    bitmap.close();
  }
}
