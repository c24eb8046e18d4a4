// autocannon, as every benchmark here uses it: counting each response's body bytes instead of
// decoding them into a string. autocannon 9 appends every body chunk to a JavaScript string
// (`req.body += chunk`, lib/pipelinedRequestsQueue.js) for its verifyBody/expectBody options,
// which no benchmark here uses. A page's body is brotli or gzip bytes, not valid UTF-8, and
// decoding it costs autocannon's one core more than the site spends sending it: a bare Fastify
// route sending a story's 8,779 bytes reached 9,500 req/s that way with the site's process 70 %
// idle, and 70,800 req/s counting bytes (decision 068). BENCH_STOCK_CLIENT=1 keeps the stock
// behaviour, to compare.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

interface RequestsQueue {
  prototype: { addBody?: (data: Buffer) => void };
}

/** Whether response bodies are counted rather than decoded (false with BENCH_STOCK_CLIENT=1). */
export const COUNTS_BODY_BYTES = process.env.BENCH_STOCK_CLIENT !== '1';

if (COUNTS_BODY_BYTES) {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as RequestsQueue;
  // Fail loudly if a new autocannon moved it: the figures would silently change meaning.
  if (typeof queue.prototype.addBody !== 'function') throw new Error('autocannon no longer has addBody: see bench/autocannon.ts');
  // The body stays '' (nothing reads it); its bytes are counted as they arrive (addByteCount).
  queue.prototype.addBody = () => {};
}

export default autocannon;
