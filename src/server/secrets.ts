// Secrets that must survive restarts. In prod they come from settings (loadConfig insists);
// elsewhere one is generated on first start and kept in DATA_DIR, so `npm start` needs nothing set.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';

export function identitySecret(config: Config): string {
  if (config.identity.secret) return config.identity.secret;
  const file = path.resolve(config.dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { identitySecret?: string };
    if (stored.identitySecret && stored.identitySecret.length >= 32) return stored.identitySecret;
  } catch {
    // first start: create it below
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ identitySecret: secret }, null, 2), { mode: 0o600 });
  return secret;
}
