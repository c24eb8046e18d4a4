// The follows module: the authors, topics, tags, people and organisations a reader follows.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ContentService } from '../content/content-service.ts';
import { createFollowsService, type FollowsService } from './follows-service.ts';

export function createFollowsModule({ db, content }: Pick<ModuleDeps, 'db'> & { content: ContentService }): AppModule<FollowsService> {
  return { name: 'follows', service: createFollowsService({ db, content }) };
}
