// Starts the production build for the browser tests on a database of its own (a fresh PGlite
// directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set), with a local
// OpenID Connect issuer as its social sign-in provider.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = 'atelier_e2e';
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
}
// Social sign-in against a local OpenID Connect issuer (e2e/oidc.spec.ts) unless providers are set.
if (!process.env.OIDC_PROVIDERS) {
  const { startDevIssuer } = await import('../dist/modules/identity/oidc-dev-issuer.js');
  const { provider } = await startDevIssuer(`${process.env.SITE_URL}/identity`);
  process.env.OIDC_PROVIDERS = JSON.stringify([provider]);
}
process.env.APP_ENV ??= 'test';
process.env.NODE_ENV = 'production';
await import('../dist/server/main.js');
