// The walls module drops every cached page once it has read an edit of the rules file, without
// waiting for a request to look at the rules: pages served from the cache never look.
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { localChangeBus } from '../../platform/change-bus.ts';
import type { FollowsService } from '../follows/follows-service.ts';
import { createWallsModule } from './module.ts';
import { DEFAULT_WALL_RULES } from './rules.ts';

afterEach(() => vi.useRealTimers());

describe('the walls module', () => {
  it('announces that every page is stale within seconds of an edit of WALL_RULES_FILE, and not before', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'walls-module-')), 'walls.json');
    writeFileSync(file, JSON.stringify(DEFAULT_WALL_RULES));
    const changes = localChangeBus();
    const announced: (string[] | null)[] = [];
    changes.subscribe('pages', ({ paths }) => announced.push(paths));
    const config = { ...loadConfig({}), walls: { rulesFile: file } };
    const walls = createWallsModule({
      config,
      log: pino({ level: 'silent' }),
      secret: 'x'.repeat(32),
      follows: {} as FollowsService,
      changes,
    });

    await vi.advanceTimersByTimeAsync(30_000);
    expect(announced).toEqual([]);

    writeFileSync(file, JSON.stringify({ ...DEFAULT_WALL_RULES, meter: { freeStories: 1, period: 'month' } }));
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(announced).toEqual([null]);
    expect(walls.service.rules().meter.freeStories).toBe(1);
    await walls.onClose?.();
  });
});
