// The follows module: the authors, topics, tags, people and organisations a reader follows.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ContentService } from '../content/content-service.ts';
import { createFollowsService, type FollowsService } from './follows-service.ts';

export function createFollowsModule({
  db,
  log,
  content,
}: Pick<ModuleDeps, 'db' | 'log'> & { content: ContentService }): AppModule<FollowsService> {
  const service = createFollowsService({ db, content, log });
  // Reading history held in memory is stored before the database closes (SIGTERM loses nothing).
  return { name: 'follows', service, onClose: () => service.close() };
}
