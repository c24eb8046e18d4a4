// Telling every process that something changed, so what it keeps in memory (cached pages, cached
// reads, "this session is active") never outlives a write made by another process (issue 15,
// decision 032). One PostgreSQL channel carries every topic: NOTIFY reaches every process on the
// database, on this host or another; on PGlite (one process) the same NOTIFY comes back to this
// process only. A publisher is told first and directly, never through the database, and ignores
// its own message when the database echoes it back: each subscriber runs once per message.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { Logger } from './module.ts';

export const CHANGES_CHANNEL = 'atelier_changes';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a message is split below this. */
export const MAX_PAYLOAD_BYTES = 7_900;

/** What each topic's messages carry. Every topic is a list of keys, so a message too big for one NOTIFY splits by its list. */
const TOPICS = {
  /** Pages whose cached copies are stale: each path with every query string and variant of it; null: every page. */
  pages: z.object({ paths: z.array(z.string().startsWith('/').max(2_000)).nullable() }),
  /** Identity sessions that ended or got a new token (modules/identity/session-changes.ts). */
  sessions: z.object({ ids: z.array(z.string().uuid()) }),
};

export type ChangeTopic = keyof typeof TOPICS;
export type ChangeMessage<T extends ChangeTopic> = z.infer<(typeof TOPICS)[T]>;

export interface ChangeBus {
  /**
   * Runs this process's subscribers now, then sends the message to every other process (split
   * into NOTIFY-sized parts when large). Rejects when the database could not send it; this
   * process has had it by then.
   */
  publish<T extends ChangeTopic>(topic: T, message: ChangeMessage<T>): Promise<void>;
  /** Runs `listener` for every message on the topic, from this process or another; the result stops it. */
  subscribe<T extends ChangeTopic>(topic: T, listener: (message: ChangeMessage<T>) => void): () => void;
  /** Stops listening to the database (the database itself stays open). */
  close(): Promise<void>;
}

const envelopeSchema = z.object({
  from: z.string(),
  topic: z.enum(Object.keys(TOPICS) as [ChangeTopic, ...ChangeTopic[]]),
  message: z.unknown(),
});
type Envelope = z.infer<typeof envelopeSchema>;

/** A bus for this process alone: tests of one service, or a module built without the app. */
export function localChangeBus(log?: Pick<Logger, 'error'>): ChangeBus {
  const bus = createBus(async () => {}, log);
  return { publish: bus.publish, subscribe: bus.subscribe, close: async () => {} };
}

/** A bus reaching every process on the database; resolves once it listens. */
export async function createChangeBus({
  database,
  log,
}: {
  database: Pick<Database, 'db' | 'listen'>;
  log: Pick<Logger, 'error' | 'warn'>;
}): Promise<ChangeBus> {
  const bus = createBus(async (payload) => {
    await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
  }, log);
  const unlisten = await database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const envelope = parseEnvelope(payload);
      if (!envelope) return log.warn({ channel: CHANGES_CHANNEL }, 'ignored a change message this version does not understand');
      // Our own message, back from the database: delivered when it was published.
      if (envelope.from === bus.id) return;
      const message = TOPICS[envelope.topic].safeParse(envelope.message);
      if (!message.success) return log.warn({ channel: CHANGES_CHANNEL, topic: envelope.topic }, 'ignored a malformed change message');
      bus.deliver(envelope.topic, message.data);
    },
    () => {
      // The connection was lost and replaced: messages sent meanwhile never came, so every page may be stale.
      log.warn({ channel: CHANGES_CHANNEL }, 'listening again after a lost connection: every cached page is dropped');
      bus.deliver('pages', { paths: null });
    },
  );
  let closed = false;
  return {
    publish: bus.publish,
    subscribe: bus.subscribe,
    close: async () => {
      if (closed) return;
      closed = true;
      await unlisten();
    },
  };
}

function createBus(broadcast: (payload: string) => Promise<void>, log?: Pick<Logger, 'error'>) {
  const id = randomUUID();
  const listeners = new Map<ChangeTopic, Set<(message: never) => void>>();

  function deliver(topic: ChangeTopic, message: unknown) {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        (listener as (message: unknown) => void)(message);
      } catch (error) {
        // One subscriber's mistake must not keep the message from the others.
        log?.error({ err: error, topic }, 'a change subscriber failed');
      }
    }
  }

  return {
    id,
    deliver,
    async publish<T extends ChangeTopic>(topic: T, message: ChangeMessage<T>): Promise<void> {
      const parsed = TOPICS[topic].parse(message) as ChangeMessage<T>;
      const parts = splitToFit(id, topic, parsed);
      deliver(topic, parsed);
      for (const part of parts) await broadcast(part);
    },
    subscribe<T extends ChangeTopic>(topic: T, listener: (message: ChangeMessage<T>) => void): () => void {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(listener as (message: never) => void);
      return () => {
        set.delete(listener as (message: never) => void);
      };
    },
  };
}

/**
 * The message as NOTIFY payloads under MAX_PAYLOAD_BYTES each: a list too long for one is halved
 * until each half fits. A single key too big for a payload on its own is a caller's mistake: refused.
 */
export function splitToFit(from: string, topic: ChangeTopic, message: Record<string, unknown>): string[] {
  const payload = JSON.stringify({ from, topic, message } satisfies Envelope);
  if (Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES) return [payload];
  const listKey = Object.keys(message).find((key) => Array.isArray(message[key]) && (message[key] as unknown[]).length > 1);
  if (!listKey) throw new Error(`A '${topic}' change message is too big for one notification (${Buffer.byteLength(payload)} bytes)`);
  const list = message[listKey] as unknown[];
  const half = Math.ceil(list.length / 2);
  return [
    ...splitToFit(from, topic, { ...message, [listKey]: list.slice(0, half) }),
    ...splitToFit(from, topic, { ...message, [listKey]: list.slice(half) }),
  ];
}

function parseEnvelope(payload: string): Envelope | null {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
