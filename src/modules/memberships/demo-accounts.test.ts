// The README is where people find the demo accounts: it must list each one, as seeded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo/accounts.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

describe('README "Demo accounts"', () => {
  it('lists every demo account with what it is, and the password', () => {
    for (const { email, kind } of DEMO_ACCOUNTS) expect(readme).toContain(`| \`${email}\` | ${kind} |`);
    expect(readme).toContain(`\`${DEMO_PASSWORD}\``);
  });
});
