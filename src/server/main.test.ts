// Start-up as an operator sees it: a bad setting stops the process with a message naming it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPostgresPass } from '../test/passes.ts';
import { spawnSite } from '../test/spawn-site.ts';

const root = path.resolve(import.meta.dirname, '../..');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe.skipIf(inPostgresPass)('server start-up', () => {
  it('stops with a message naming an empty identity base URL', () => {
    const result = start({ IDENTITY_BASE_URL: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('IDENTITY_BASE_URL: the identity provider base URL is required');
  });

  it('stops with a message naming an invalid URL, listing every problem', () => {
    const result = start({ AUTH_ENDPOINT_URL: 'not a url', SITE_URL: 'localhost' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SITE_URL: SITE_URL must be an absolute http(s) URL');
    expect(result.stderr).toContain('AUTH_ENDPOINT_URL: the auth endpoint URL must be an http(s) URL or a path starting with /');
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
  });
});

describe.skipIf(inPostgresPass)('graceful shutdown', () => {
  it('finishes, closes the database and exits 0 on SIGTERM', async () => {
    const site = await spawnSite('src/server/main.ts');
    try {
      // Up to 60 s: a start on a busy 2-core machine has taken 24–30 s.
      await site.waitFor('is ready', 60_000);
      expect(site.output).toContain('is ready');
      expect((await fetch(`http://127.0.0.1:${site.port}/readyz`)).status).toBe(200);
      site.child.kill('SIGTERM');
      expect(await site.exited).toBe(0);
      expect(site.output).toContain('shutting down: draining requests');
    } finally {
      // A failed start must not leave its server running.
      site.stop();
    }
  }, 120_000);
});
