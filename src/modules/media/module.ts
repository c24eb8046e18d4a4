// The media module: images and the resizer that serves them.
import path from 'node:path';
import { pathPrefix, type AppModule, type ModuleDeps } from '../../platform/module.ts';
import { createMediaService, type MediaService } from './media-service.ts';
import { registerMediaRoutes } from './media-routes.ts';
import { createFileStorage } from './storage.ts';

export function createMediaModule({ db, config }: Pick<ModuleDeps, 'db' | 'config'>): AppModule<MediaService> {
  const media = createMediaService({
    db,
    cacheDir: path.resolve(config.dataDir, 'image-cache'),
    // Uploaded images (decision 047): files under DATA_DIR/uploads; an S3-compatible store implements the same interface.
    storage: createFileStorage(path.resolve(config.dataDir, 'uploads')),
  });
  return {
    name: 'media',
    service: media,
    routes: async (app) => registerMediaRoutes(app, { media, prefix: pathPrefix(config.endpoints.imageResizer) }),
  };
}
