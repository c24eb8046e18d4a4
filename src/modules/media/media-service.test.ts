import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import type { ArtSpec } from './art/art-spec.ts';
import { createMediaService, type ImageRequest } from './media-service.ts';

const ART: ArtSpec = { key: 'test-grid', style: 'grid', palette: ['#1c2230', '#ece4d6', '#b8a68c'], seed: 7 };

/** A stand-in for the one query the service makes (the asset's art by key), counting its calls. */
function fakeDb(answer: () => Promise<{ art: ArtSpec }[]>) {
  const db = {
    queries: 0,
    select: () => ({
      from: () => ({
        where: () => {
          db.queries++;
          return answer();
        },
      }),
    }),
  };
  return db;
}

const asDb = (db: ReturnType<typeof fakeDb>) => db as unknown as Db;
const image = (width: number): ImageRequest => ({ key: 'test-grid', width, ratio: '1x1', format: 'webp' });

describe('media service memory (lru-cache)', () => {
  it('draws an image once, also for renders that ask at the same time', async () => {
    const db = fakeDb(async () => [{ art: ART }]);
    const media = createMediaService({ db: asDb(db) });
    const [a, b] = await Promise.all([media.render(image(160)), media.render(image(160))]);
    expect(a!.subarray(8, 12).toString()).toBe('WEBP');
    expect(await media.render(image(160))).toBe(a);
    expect(b).toBe(a);
    expect(db.queries).toBe(1);
  });

  it('does not remember an unknown key: it may be registered later', async () => {
    let rows: { art: ArtSpec }[] = [];
    const db = fakeDb(async () => rows);
    const media = createMediaService({ db: asDb(db) });
    expect(await media.render(image(160))).toBeNull();
    expect(await media.render(image(160))).toBeNull();
    rows = [{ art: ART }];
    expect(await media.render(image(160))).not.toBeNull();
    expect(await media.render(image(160))).not.toBeNull();
    expect(db.queries).toBe(3);
  });

  it('does not remember a failed draw', async () => {
    let fail = true;
    const db = fakeDb(async () => {
      if (fail) throw new Error('database away');
      return [{ art: ART }];
    });
    const media = createMediaService({ db: asDb(db) });
    await expect(media.render(image(160))).rejects.toThrow('database away');
    fail = false;
    expect(await media.render(image(160))).not.toBeNull();
    expect(db.queries).toBe(2);
  });

  it('keeps at most memoryEntries images, dropping the least recently served', async () => {
    const db = fakeDb(async () => [{ art: ART }]);
    const media = createMediaService({ db: asDb(db), memoryEntries: 2 });
    await media.render(image(160));
    await media.render(image(480));
    await media.render(image(160)); // 160 is now the most recent
    await media.render(image(320)); // drops 480
    expect(db.queries).toBe(3);
    await media.render(image(160));
    expect(db.queries).toBe(3);
    await media.render(image(480));
    expect(db.queries).toBe(4);
  });
});
