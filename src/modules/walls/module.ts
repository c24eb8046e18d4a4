// The walls module: who may read a story (rules file, meter, gifts, membership) and the anonymous meter cookie.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { FollowsService } from '../follows/follows-service.ts';
import { createMeterCookies } from './meter.ts';
import { createWallRules } from './rules.ts';
import { createWallsService, type WallsService } from './walls-service.ts';

export function createWallsModule({
  config,
  log,
  secret,
  follows,
}: Pick<ModuleDeps, 'config' | 'log' | 'secret'> & { follows: FollowsService }): AppModule<WallsService> {
  const walls = createWallsService({
    rules: createWallRules({
      file: config.walls.rulesFile,
      onError: (error) => log.error(`WALL_RULES_FILE ignored: ${error.message}`),
    }),
    meterCookies: createMeterCookies({ secret }),
    reads: follows,
  });
  return { name: 'walls', service: walls };
}
