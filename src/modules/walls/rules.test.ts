import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWallRules, DEFAULT_WALL_RULES, wallRulesSchema } from './rules.ts';

describe('wall rules', () => {
  it('refuses rules an editor could get wrong, saying what to fix', () => {
    const noGeneric = { ...DEFAULT_WALL_RULES, variants: DEFAULT_WALL_RULES.variants.filter((v) => v.id !== 'upgrade-premium') };
    expect(wallRulesSchema.safeParse(noGeneric).error?.issues[0]?.message).toBe(
      'the upgrade wall needs a variant for any story (no "needs")',
    );
    const badGroup = {
      ...DEFAULT_WALL_RULES,
      experiments: [
        {
          ...DEFAULT_WALL_RULES.experiments[0]!,
          groups: [
            { id: 'x#y', name: 'n', weight: 1, variant: 'pay-annual' },
            { id: 'z', name: 'n', weight: 1, variant: 'upgrade-premium' },
          ],
        },
      ],
    };
    const messages = wallRulesSchema.safeParse(badGroup).error!.issues.map((issue) => issue.message);
    expect(messages).toContain('letters, digits, _ . - (no #)');
    expect(messages.some((message) => message.includes('not a pay wall variant'))).toBe(true);
  });

  it('reads a rules file and picks up an edit without a restart; a broken edit keeps the last good rules', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'walls-')), 'walls.json');
    writeFileSync(file, JSON.stringify({ ...DEFAULT_WALL_RULES, meter: { freeStories: 5, period: 'week' } }));
    let clock = 0;
    const errors: string[] = [];
    const changes: number[] = [];
    const rules = createWallRules({
      file,
      now: () => clock,
      onError: (error) => errors.push(error.message),
      onChange: (changed) => changes.push(changed.meter.freeStories),
    });
    expect(rules.current().meter).toEqual({ freeStories: 5, period: 'week' });
    expect(changes).toEqual([]);
    writeFileSync(file, JSON.stringify({ ...DEFAULT_WALL_RULES, meter: { freeStories: 1, period: 'month' } }));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    clock = 11_000;
    expect(rules.current().meter).toEqual({ freeStories: 1, period: 'month' });
    expect(changes).toEqual([1]);
    writeFileSync(file, JSON.stringify({ ...DEFAULT_WALL_RULES, meter: { freeStories: -1, period: 'month' } }));
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    clock = 22_000;
    expect(rules.current().meter.freeStories).toBe(1);
    expect(errors[0]).toContain('meter.freeStories');
    // A broken edit is not a change: the pages stay as the good rules made them.
    expect(changes).toEqual([1]);
  });
});
