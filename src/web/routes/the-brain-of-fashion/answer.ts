// /the-brain-of-fashion/answer/?q= — one answer as server-sent events (decision 052): `sources`,
// `text` pieces as the provider writes them, then `done` or `error`, each `data:` one JSON object.
// The page reads it with fetch. Asked as the reader the session says (the walls decide what the
// answer may draw on); never cached, and text/event-stream is not compressed, so each piece leaves at once.
import { encodeEvent } from '../../../modules/answers/event-stream.ts';
import type { Route } from './+types/answer';

export async function loader({ request, context }: Route.LoaderArgs) {
  const question = new URL(request.url).searchParams.get('q') ?? '';
  const events = context.services.answers.ask({
    question,
    user: context.user,
    signal: request.signal,
    clientAddress: context.clientAddress,
  });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(encodeEvent(next.value.type, next.value)));
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-accel-buffering': 'no',
      'x-robots-tag': 'noindex',
    },
  });
}
