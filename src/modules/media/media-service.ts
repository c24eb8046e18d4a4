// The image resizer (§7 "image resizer", DESIGN §1 /img/): draws a registered asset at a width
// and aspect the page asks for, encodes it once, and keeps the bytes on disk and in memory.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/database.ts';
import { RATIO_VALUES, type ImageRatio } from '../../shared/images.ts';
import { renderArtSvg } from './art/index.ts';
import { mediaAssets } from './schema.ts';
import type { ObjectStorage } from './storage.ts';
import { checkUpload, isUploadKey, newUploadKey, uploadStorageKey, type UploadCheck } from './uploads.ts';

export const IMAGE_FORMATS = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
/** Bump when the drawing code changes, so cached files are not reused. */
const RENDER_VERSION = 1;

export type MediaService = ReturnType<typeof createMediaService>;

export interface ImageRequest {
  key: string;
  width: number;
  ratio: ImageRatio;
  format: ImageFormat;
}

export function createMediaService({
  db,
  cacheDir,
  memoryEntries = 400,
  storage,
}: {
  db: Db;
  cacheDir?: string;
  memoryEntries?: number;
  /** Where uploaded images are kept (decision 047); none: uploads are refused and not served. */
  storage?: ObjectStorage;
}) {
  // The most recently drawn images (lru-cache: one draw per image at a time, a failed draw not
  // stored). A draw that finds no asset answers undefined, which lru-cache does not store: an
  // unknown key may be registered later.
  const memory = new LRUCache<string, Buffer, ImageRequest>({
    max: memoryEntries,
    fetchMethod: async (_id, _stale, { context }) => (await draw(context)) ?? undefined,
  });

  async function draw({ key, width, ratio, format }: ImageRequest): Promise<Buffer | null> {
    const fileName = `${key}.${ratio}.${width}.v${RENDER_VERSION}.${format}`;
    const file = cacheDir ? path.join(cacheDir, fileName) : undefined;
    if (file) {
      const cached = await readFile(file).catch(() => null);
      if (cached) return cached;
    }
    const height = Math.round(width / RATIO_VALUES[ratio]);
    let image: Sharp;
    if (isUploadKey(key)) {
      // An uploaded image: cut to the ratio around its middle, turned upright by its EXIF, metadata dropped.
      const original = storage ? await storage.get(uploadStorageKey(key)) : null;
      if (!original) return null;
      image = sharp(original).rotate().resize(width, height, { fit: 'cover' });
    } else {
      const [asset] = await db.select({ art: mediaAssets.art }).from(mediaAssets).where(eq(mediaAssets.key, key));
      if (!asset) return null;
      image = sharp(Buffer.from(renderArtSvg(asset.art, width, height)));
    }
    const bytes = await (format === 'webp' ? image.webp({ quality: 78 }) : image.jpeg({ quality: 80, mozjpeg: true })).toBuffer();
    if (file && cacheDir) {
      await mkdir(cacheDir, { recursive: true });
      await writeFile(file, bytes);
    }
    return bytes;
  }

  return {
    /**
     * Keeps an uploaded image (decision 047) after checking it (JPEG, PNG or WebP by its bytes, 5 MB,
     * readable): its new key, which the resizer serves like any asset, or why it was refused.
     */
    async upload(bytes: Uint8Array): Promise<{ ok: true; key: string } | Extract<UploadCheck, { ok: false }>> {
      const checked = await checkUpload(bytes);
      if (!checked.ok) return checked;
      if (!storage) throw new Error('No storage for uploads');
      const key = newUploadKey();
      await storage.put(uploadStorageKey(key), bytes);
      return { ok: true, key };
    },

    /** The encoded image, or null when no such asset exists. */
    async render(request: ImageRequest): Promise<Buffer | null> {
      const { key, width, ratio, format } = request;
      return (await memory.fetch(`${key}|${width}|${ratio}|${format}`, { context: request })) ?? null;
    },
  };
}
