// npm start: serve the production build, building it first when there is none (or it is older
// than the sources, so a fresh pull never serves stale pages). It runs on Node 24, the `node`
// package the install brought, whatever Node the machine has (decision 037).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const REQUIRED_MAJOR = 24;

/**
 * `npm start` finds the project's Node first (npm puts node_modules/.bin first on PATH);
 * `node scripts/start.mjs` run by hand on an older Node starts again on the project's.
 */
function runOnTheProjectsNode() {
  if (Number(process.versions.node.split('.')[0]) >= REQUIRED_MAJOR) return;
  const projectNode = path.join(root, 'node_modules/.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  if (!existsSync(projectNode)) {
    console.error(
      `Atelier needs Node.js ${REQUIRED_MAJOR} or newer (this is ${process.version}): run \`npm install\` first, which brings it.`,
    );
    process.exit(1);
  }
  const binDir = path.dirname(projectNode);
  const result = spawnSync(projectNode, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(result.status ?? 1);
}

runOnTheProjectsNode();
const outputs = [path.join(root, 'build/server/index.js'), path.join(root, 'dist/server/main.js')];

async function newestSource(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * A server already running on this data directory would refuse us anyway (src/db/data-dir-lock.ts
 * holds the lock); say so before a rebuild replaces the pages it is serving.
 */
function refuseIfDataDirInUse() {
  if (process.env.DATABASE_URL) return;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  let owner;
  try {
    owner = JSON.parse(readFileSync(path.join(dataDir, 'atelier.lock'), 'utf8'));
  } catch {
    return;
  }
  // Our own pid there is a previous life of this pid (a container restarted as pid 1): stale.
  if (owner.host !== hostname() || !Number.isInteger(owner.pid) || owner.pid === process.pid) return;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return;
  }
  console.error(
    `Another Atelier process (pid ${owner.pid}, since ${owner.startedAt}) is using the data directory ${dataDir}; stop it or set DATA_DIR`,
  );
  process.exit(1);
}

refuseIfDataDirInUse();
const built = outputs.every((file) => existsSync(file));
const stale = built && (await newestSource(path.join(root, 'src'))) > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!built || stale) {
  console.log(built ? 'Sources changed since the last build: building…' : 'No production build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV = 'production';
// With DATABASE_URL, main.js is the cluster primary; its workers run main.js itself, never this script (decision 032).
await import(path.join(root, 'dist/server/main.js'));
