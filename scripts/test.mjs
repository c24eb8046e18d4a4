// npm test: every gate, in order, stopping at the first failure —
// Chromium present, typecheck, lint (imports included), format (Prettier), production build, unit + integration (Vitest), browser (Playwright).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs one gate

function run(label, command, args, env = {}) {
  if (only.length > 0 && !only.includes(label)) return;
  const started = Date.now();
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  console.log(`Chromium is not at ${chromium}: installing Debian's chromium package…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const update = spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update', '-qq'], {
    stdio: 'inherit',
  });
  const install = spawnSync(
    sudo[0] ?? 'apt-get',
    [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'install', '-y', '-qq', 'chromium'],
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
    console.error('Could not install Chromium. Install Debian\'s "chromium" package, or set CHROMIUM_PATH.');
    process.exit(1);
  }
}

console.log(process.env.TEST_DATABASE_URL ? 'Database for tests: PostgreSQL (TEST_DATABASE_URL)' : 'Database for tests: embedded PGlite');
if (only.length === 0 || only.includes('e2e')) ensureChromium();
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('format', 'npm', ['run', '--silent', 'format:check']);
run('build', 'npm', ['run', '--silent', 'build']);
run('unit', 'npx', ['vitest', 'run']);
run('e2e', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
console.log('\nAll gates passed.');
