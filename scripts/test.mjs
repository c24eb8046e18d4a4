// npm test: every gate, stopping at the first failure —
// Chromium present, typecheck, lint (imports included), format (Prettier), production build, unit + integration (Vitest), browser (Playwright).
// The three static checks read the sources only and each keeps one core busy, so they run side by
// side (their output is printed whole, one gate after another); the rest run in order (decision 035).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs one gate

function run(label, command, args, env = {}) {
  if (only.length > 0 && !only.includes(label)) return;
  step(label, command, args, env);
}

/** Runs one step whatever the selection, stopping everything if it fails. */
function step(label, command, args, env = {}) {
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

/** Runs the selected gates side by side, then prints each one's output whole; fails if any failed. */
async function runTogether(gates) {
  const selected = gates.filter(({ label }) => only.length === 0 || only.includes(label));
  if (selected.length <= 1) {
    for (const { label, command, args } of selected) step(label, command, args);
    return;
  }
  console.log(`\n▶ side by side: ${selected.map(({ label }) => label).join(', ')}`);
  const results = await Promise.all(
    selected.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => (output += `${error.message}\n`));
          child.on('close', (status) =>
            resolve({ label, command, args, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
          );
        }),
    ),
  );
  let failed = 0;
  for (const { label, command, args, status, output, seconds } of results) {
    console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
    if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (status === 0) console.log(`✔ ${label} (${seconds} s)`);
    else {
      console.error(`✖ ${label} failed after ${seconds} s`);
      failed = failed || (status ?? 1);
    }
  }
  if (failed) process.exit(failed);
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

console.log(`Node ${process.version}`);
console.log(process.env.TEST_DATABASE_URL ? 'Database for tests: PostgreSQL (TEST_DATABASE_URL)' : 'Database for tests: embedded PGlite');
if (only.length === 0 || only.includes('e2e')) ensureChromium();
// Route types first: the typed lint rules read them too, so they must exist before the two start.
if (only.length === 0 || only.includes('typecheck') || only.includes('lint')) step('route types', 'npx', ['react-router', 'typegen']);
await runTogether([
  { label: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { label: 'format', command: 'npm', args: ['run', '--silent', 'format:check'] },
]);
run('build', 'npm', ['run', '--silent', 'build']);
run('unit', 'npx', ['vitest', 'run']);
run('e2e', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
// The same gate with Recurly as the billing provider, against its local stand-ins (decision 039): a server of its own.
run('e2e', 'npx', ['playwright', 'test', '-c', 'playwright.recurly.config.ts'], { CHROMIUM_PATH: chromium });
console.log('\nAll gates passed.');
