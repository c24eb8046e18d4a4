// The services every transport (pages, GraphQL, tRPC, HTTP routes) calls. Built once per process.
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { createContentService } from '../modules/content/content-service.ts';
import { createMediaService } from '../modules/media/media-service.ts';

export function createServices({ db, config }: { db: Db; config: Config }) {
  return {
    content: createContentService({ db }),
    media: createMediaService({ db, cacheDir: config.database.kind === 'pglite' || config.dataDir ? path.resolve(config.dataDir, 'image-cache') : undefined }),
  };
}

export type Services = ReturnType<typeof createServices>;
