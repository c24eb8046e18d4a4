import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSettingsTable } from './settings-table.ts';

describe('README settings table', () => {
  it('is current (run `npm run docs:settings` after changing settings.ts)', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(withSettingsTable(readme)).toBe(readme);
  });
});
