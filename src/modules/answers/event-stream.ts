// Server-sent events, both ways (decision 052): the answer stream this module sends to the page
// (`event: <type>` and one JSON `data:` line per event, a blank line after each), and the reader
// for any such stream — the page reads ours with fetch, the chat-completions provider reads its
// endpoint's. Isomorphic: Web Streams and TextDecoder only.

export interface StreamEvent {
  /** The `event:` field; `message` when absent (as chat-completions endpoints send). */
  event: string;
  data: string;
}

/** One event as text: a type and its JSON data. */
export function encodeEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The events of a text/event-stream body, as they arrive. */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r?\n/)) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer[end] === '\r' ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = 'message';
          data = [];
        } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        // Comments (":") and other fields (id, retry) are not used here.
      }
      if (done) {
        if (data.length > 0) yield { event, data: data.join('\n') };
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
