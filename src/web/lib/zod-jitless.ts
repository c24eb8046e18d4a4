// Imported first by every browser module that loads zod: zod's JIT probe (`new Function`) trips
// the strict CSP (no 'unsafe-eval'), so the browser validates without it (issue 15).
import { config } from 'zod';

config({ jitless: true });
