// The content module: stories, topics and authors, and the RSS feeds.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { createContentService, type ContentService } from './content-service.ts';
import { registerFeedRoutes } from './feed-routes.ts';

export function createContentModule({ db, config }: Pick<ModuleDeps, 'db' | 'config'>): AppModule<ContentService> {
  const content = createContentService({ db });
  return {
    name: 'content',
    service: content,
    routes: async (app) => registerFeedRoutes(app, { content, config }),
  };
}
