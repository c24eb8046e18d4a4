// STYLE: a test fails on an unexpected console.error.
import { afterEach, vi } from 'vitest';

type Wrapped = typeof console.error & { unwrapped?: typeof console.error };

// Test files share their worker's globals (isolate: false), and this file runs once per test
// file: wrap the real console.error each time, never the previous file's wrapper.
const calls: unknown[][] = [];
const original = (console.error as Wrapped).unwrapped ?? console.error;
console.error = Object.assign(
  (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  },
  { unwrapped: original },
);

afterEach(() => {
  if (calls.length > 0) {
    const first = calls.map((args) => args.map(String).join(' ')).join('\n');
    calls.length = 0;
    throw new Error(`console.error was called during the test:\n${first}`);
  }
  vi.restoreAllMocks();
});
