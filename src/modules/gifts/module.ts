// The gifts module: stories a member gives, and the gift links readers open.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ContentService } from '../content/content-service.ts';
import type { IdentityService } from '../identity/identity-service.ts';
import { createGiftsService, type GiftsService } from './gifts-service.ts';

export interface GiftsModuleDeps extends Pick<ModuleDeps, 'db' | 'config'> {
  content: ContentService;
  identity: IdentityService;
}

export function createGiftsModule({ db, config, content, identity }: GiftsModuleDeps): AppModule<GiftsService> {
  return { name: 'gifts', service: createGiftsService({ db, content, identity, siteUrl: config.siteUrl }) };
}
