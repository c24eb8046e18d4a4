// npm start: serve the production build, building it first when there is none (or it is older
// than the sources, so a fresh pull never serves stale pages).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = [path.join(root, 'build/server/index.js'), path.join(root, 'dist/server/main.js')];

async function newestSource(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const built = outputs.every((file) => existsSync(file));
const stale = built && (await newestSource(path.join(root, 'src'))) > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!built || stale) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No production build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV = 'production';
await import(path.join(root, 'dist/server/main.js'));
