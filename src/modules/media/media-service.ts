// The image resizer (§7 "image resizer", DESIGN §1 /img/): draws a registered asset at a width
// and aspect the page asks for, encodes it once, and keeps the bytes on disk and in memory.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { RATIO_VALUES, type ImageRatio } from '../../shared/images.ts';
import { renderArtSvg } from './art/index.ts';
import { mediaAssets } from './schema.ts';

export const IMAGE_FORMATS = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;
/** Bump when the drawing code changes, so cached files are not reused. */
const RENDER_VERSION = 1;

export type MediaService = ReturnType<typeof createMediaService>;

export function createMediaService({ db, cacheDir }: { db: Db; cacheDir?: string }) {
  const memory = new Map<string, Promise<Buffer | null>>();
  const MEMORY_LIMIT = 400;

  async function draw(key: string, width: number, ratio: ImageRatio, format: ImageFormat): Promise<Buffer | null> {
    const fileName = `${key}.${ratio}.${width}.v${RENDER_VERSION}.${format}`;
    const file = cacheDir ? path.join(cacheDir, fileName) : undefined;
    if (file) {
      const cached = await readFile(file).catch(() => null);
      if (cached) return cached;
    }
    const [asset] = await db.select({ art: mediaAssets.art }).from(mediaAssets).where(eq(mediaAssets.key, key));
    if (!asset) return null;
    const height = Math.round(width / RATIO_VALUES[ratio]);
    const svg = renderArtSvg(asset.art, width, height);
    const image = sharp(Buffer.from(svg));
    const bytes = await (format === 'webp' ? image.webp({ quality: 78 }) : image.jpeg({ quality: 80, mozjpeg: true })).toBuffer();
    if (file && cacheDir) {
      await mkdir(cacheDir, { recursive: true });
      await writeFile(file, bytes);
    }
    return bytes;
  }

  return {
    /** The encoded image, or null when no such asset exists. */
    render({ key, width, ratio, format }: { key: string; width: number; ratio: ImageRatio; format: ImageFormat }): Promise<Buffer | null> {
      const id = `${key}|${width}|${ratio}|${format}`;
      let pending = memory.get(id);
      if (!pending) {
        pending = draw(key, width, ratio, format);
        // Remember only what was drawn: an unknown key may be registered later.
        pending.then(
          (bytes) => bytes ?? memory.delete(id),
          () => memory.delete(id),
        );
        if (memory.size >= MEMORY_LIMIT) memory.delete(memory.keys().next().value!);
        memory.set(id, pending);
      }
      return pending;
    },
  };
}
