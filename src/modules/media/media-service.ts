// The image resizer (§7 "image resizer", DESIGN §1 /img/): draws a registered asset at a width
// and aspect the page asks for, encodes it once, and keeps the bytes on disk and in memory.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
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

export interface ImageRequest {
  key: string;
  width: number;
  ratio: ImageRatio;
  format: ImageFormat;
}

export function createMediaService({ db, cacheDir, memoryEntries = 400 }: { db: Db; cacheDir?: string; memoryEntries?: number }) {
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
    async render(request: ImageRequest): Promise<Buffer | null> {
      const { key, width, ratio, format } = request;
      return (await memory.fetch(`${key}|${width}|${ratio}|${format}`, { context: request })) ?? null;
    },
  };
}
