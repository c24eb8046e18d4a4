// The content module: stories, topics and authors, and the RSS feeds.
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { createContentService, type ContentService } from './content-service.ts';
import { contentSitemap, registerFeedRoutes } from './feed-routes.ts';

export function createContentModule({
  db,
  config,
  log,
  changes,
}: Pick<ModuleDeps, 'db' | 'config' | 'log'> & { changes?: ChangeBus }): AppModule<ContentService> {
  const content = createContentService({ db, changes, log });
  return {
    name: 'content',
    service: content,
    routes: async (app) => registerFeedRoutes(app, { content, config }),
    sitemap: () => contentSitemap(content),
    onClose: async () => content.close(),
  };
}
