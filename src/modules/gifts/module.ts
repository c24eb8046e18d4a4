// The gifts module: stories a member gives, and the gift links readers open.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ContentService } from '../content/content-service.ts';
import type { IdentityService } from '../identity/identity-service.ts';
import { createGiftsService, type GiftsService } from './gifts-service.ts';

export interface GiftsModuleDeps extends Pick<ModuleDeps, 'db' | 'config' | 'log'> {
  content: ContentService;
  identity: IdentityService;
}

export function createGiftsModule({ db, config, log, content, identity }: GiftsModuleDeps): AppModule<GiftsService> {
  const service = createGiftsService({ db, content, identity, siteUrl: config.siteUrl, log });
  // Redemptions held in memory are stored before the database closes (SIGTERM loses nothing).
  return { name: 'gifts', service, onClose: () => service.close() };
}
