// Images uploaded by editors (project images, decision 047): JPEG, PNG or WebP, told by their
// first bytes (not the file's name or the browser's type), at most 5 MB and 40 megapixels, and
// readable by the image library; kept as sent in the storage under uploads/, named by a new key.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
export const UPLOAD_KEY_PREFIX = 'upload-';

export const UPLOAD_MESSAGES = {
  empty: 'Choose an image file to upload.',
  tooLarge: 'That image is larger than 5 MB. Save it smaller (for example as a JPEG) and upload it again.',
  wrongType: 'That file is not a JPEG, PNG or WebP image. Upload a photo or picture in one of those formats.',
  unreadable: 'That image could not be read: the file may be damaged. Export it again and upload it.',
  tooManyPixels: 'That image is larger than 40 megapixels. Make it smaller and upload it again.',
} as const;

export type UploadType = 'jpeg' | 'png' | 'webp';

/** The image type the bytes begin with (their magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export type UploadCheck = { ok: true; type: UploadType; width: number; height: number } | { ok: false; message: string };

/** Whether the bytes are an image we take: size, type by content, and decodable within the pixel limit. */
export async function checkUpload(bytes: Uint8Array): Promise<UploadCheck> {
  if (bytes.byteLength === 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: UPLOAD_MESSAGES.wrongType };
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height || meta.format !== type) return { ok: false, message: UPLOAD_MESSAGES.unreadable };
    // Decode it whole once: a file whose header is fine but whose data is not is refused now, not at first view.
    await sharp(bytes, { limitInputPixels: MAX_PIXELS }).resize(16).toBuffer();
    return { ok: true, type, width: meta.width, height: meta.height };
  } catch (error) {
    const tooMany = error instanceof Error && /pixel limit/i.test(error.message);
    return { ok: false, message: tooMany ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.unreadable };
  }
}

export const newUploadKey = () => `${UPLOAD_KEY_PREFIX}${randomUUID()}`;
export const isUploadKey = (key: string) => key.startsWith(UPLOAD_KEY_PREFIX);
export const uploadStorageKey = (key: string) => `uploads/${key}`;
