// The walls module: who may read a story (rules file, meter, gifts, membership) and the anonymous meter cookie.
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { FollowsService } from '../follows/follows-service.ts';
import { createMeterCookies } from './meter.ts';
import { createWallRules } from './rules.ts';
import { createWallsService, type WallsService } from './walls-service.ts';

/** How often this process looks at the rules file (it re-reads it at most every 10 s). */
const RULES_CHECK_MS = 5_000;

export function createWallsModule({
  config,
  log,
  secret,
  follows,
  changes,
}: Pick<ModuleDeps, 'config' | 'log' | 'secret'> & { follows: FollowsService; changes: ChangeBus }): AppModule<WallsService> {
  const rules = createWallRules({
    file: config.walls.rulesFile,
    onError: (error) => log.error(`WALL_RULES_FILE ignored: ${error.message}`),
    // A wall's words and offers, and the meter, are in cached pages: an edit drops them all (rare, and
    // every story may show a wall). Each process drops its pages when it has read the edit itself.
    onChange: () => {
      log.info('wall rules changed: every cached page is dropped');
      changes
        .publish('pages', { paths: null })
        .catch((error: unknown) => log.error({ err: error }, 'could not announce the wall rules change'));
    },
  });
  // Checked on a timer too, so an edit is seen even while every page is served from the cache.
  const timer = config.walls.rulesFile ? setInterval(() => rules.current(), RULES_CHECK_MS).unref() : undefined;
  const walls = createWallsService({ rules, meterCookies: createMeterCookies({ secret }), reads: follows });
  return { name: 'walls', service: walls, onClose: async () => clearInterval(timer) };
}
