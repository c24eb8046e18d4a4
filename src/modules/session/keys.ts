// The rotating ES256 keys that sign both tokens (DESIGN §3). Keys live in the database so every
// app node signs and verifies with the same set; private halves are sealed with AES-256-GCM under a
// key derived from IDENTITY_SECRET. Rotation is checked on use: no timer, no job.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { gt, lte } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../db/database.ts';
import { signingKeys } from './schema.ts';

export const SIGNING_ALG = 'ES256';
/** A key signs for a day. */
export const ROTATION_INTERVAL_MS = 24 * 60 * 60 * 1000;
/**
 * A new key is published this long before it starts signing, so a verifier holding a cached JWKS
 * (max-age JWKS_MAX_AGE_SECONDS) already knows it when the first token it signed arrives.
 */
export const PREPUBLISH_MS = 10 * 60 * 1000;
/** Published keys are cached by verifiers for this long. */
export const JWKS_MAX_AGE_SECONDS = 300;
/** Verifiers' clocks may run this far behind ours. */
export const CLOCK_SKEW_MS = 60 * 1000;
/** Another node may have rotated: the set is read again at least this often. */
const RELOAD_MS = 60 * 1000;
/** An unknown kid reloads the set, but not more often than this (unknown kids are cheap to send). */
const UNKNOWN_KID_RELOAD_MS = 5 * 1000;

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** Where the key set is kept; the database in the app, an array in unit tests. */
export interface SigningKeyStore {
  /** Keys not yet expired at `now`. */
  list(now: Date): Promise<SigningKeyRow[]>;
  insert(row: SigningKeyRow): Promise<void>;
  deleteExpired(now: Date): Promise<void>;
}

export function createDbSigningKeyStore(db: Db): SigningKeyStore {
  return {
    list: (now) => db.select().from(signingKeys).where(gt(signingKeys.expiresAt, now)),
    async insert(row) {
      await db.insert(signingKeys).values(row).onConflictDoNothing({ target: signingKeys.kid });
    },
    async deleteExpired(now) {
      await db.delete(signingKeys).where(lte(signingKeys.expiresAt, now));
    },
  };
}

/** The times that decide what a key may do. */
export interface KeyTimes {
  createdAt: Date;
  retireAfter: Date;
  expiresAt: Date;
}

/**
 * The key that signs now: the newest unretired key that has been published for PREPUBLISH_MS,
 * or, when none has (first start, or after a long stop), the newest unretired key.
 */
export function chooseSigningKey<K extends KeyTimes>(keys: readonly K[], now: Date): K | null {
  const t = now.getTime();
  const active = keys.filter((k) => t < k.retireAfter.getTime()).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return active.find((k) => k.createdAt.getTime() + PREPUBLISH_MS <= t) ?? active[0] ?? null;
}

/** True when no key will still be signing PREPUBLISH_MS from now: time to publish the next one. */
export function needsNewKey(keys: readonly KeyTimes[], now: Date): boolean {
  return !keys.some((k) => k.retireAfter.getTime() - PREPUBLISH_MS > now.getTime());
}

/** A key's times when created at `now` for tokens living `tokenTtlSeconds`. */
export function keyTimes(now: Date, tokenTtlSeconds: number): KeyTimes {
  const retireAfter = new Date(now.getTime() + ROTATION_INTERVAL_MS);
  // Published until the last token it could have signed has expired, with room for slow clocks.
  return { createdAt: now, retireAfter, expiresAt: new Date(retireAfter.getTime() + tokenTtlSeconds * 1000 + CLOCK_SKEW_MS) };
}

// ---------- sealing private keys ----------

const SEAL_VERSION = 'v1';

function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'atelier/session/signing-keys', 'private-jwk v1', 32));
}

/** AES-256-GCM; the kid is the associated data, so a sealed key cannot be moved to another row. */
export function sealPrivateJwk(jwk: JWK, secret: string, kid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  cipher.setAAD(Buffer.from(kid));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The private JWK, or null when it was sealed under another secret or altered. */
export function openPrivateJwk(sealed: string, secret: string, kid: string): JWK | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const json = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(json) as JWK;
  } catch {
    return null;
  }
}

// ---------- the key ring ----------

export interface KeyRingOptions {
  store: SigningKeyStore;
  /** IDENTITY_SECRET (secrets.ts identitySecret). */
  secret: string;
  /** Lifetime of the tokens the keys sign; decides how long a retired key stays published. */
  tokenTtlSeconds: number;
  now?: () => Date;
}

export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

export interface KeyRing {
  /** The key to sign with now; rotates first when due. */
  signingKey(): Promise<SigningKey>;
  /** The public key for a kid, or null when it is unknown or expired. */
  verificationKey(kid: string | undefined): Promise<CryptoKey | null>;
  /** The JWKS document: every published public key, newest first. */
  publicJwks(): Promise<{ keys: JWK[] }>;
}

interface LoadedKey extends KeyTimes {
  kid: string;
  publicJwk: JWK;
  publicKey: CryptoKey;
  /** Null when the sealed half cannot be opened (another secret): published, never used to sign. */
  privateKey: CryptoKey | null;
}

export function createKeyRing({ store, secret, tokenTtlSeconds, now = () => new Date() }: KeyRingOptions): KeyRing {
  let keys: LoadedKey[] = [];
  let loadedAt = -Infinity;
  let lastUnknownKidReload = -Infinity;
  let pending: Promise<void> | null = null;
  const imported = new Map<string, LoadedKey>();

  const load = async (): Promise<void> => {
    const at = now();
    const read = async () => {
      keys = await Promise.all((await store.list(at)).map(loadRow));
      // Keys dropped from the store are forgotten here too.
      for (const kid of imported.keys()) if (!keys.some((k) => k.kid === kid)) imported.delete(kid);
    };
    await read();
    if (
      needsNewKey(
        keys.filter((k) => k.privateKey),
        at,
      )
    ) {
      await store.insert(await generateRow(at));
      await store.deleteExpired(at);
      await read();
    }
    loadedAt = at.getTime();
  };

  // Concurrent callers share one read (and at most one new key per process).
  const reload = (): Promise<void> => (pending ??= load().finally(() => (pending = null)));

  const loadRow = async (row: SigningKeyRow): Promise<LoadedKey> => {
    const cached = imported.get(row.kid);
    if (cached) return cached;
    const privateJwk = openPrivateJwk(row.privateJwkEncrypted, secret, row.kid);
    const loaded: LoadedKey = {
      kid: row.kid,
      publicJwk: row.publicJwk,
      publicKey: (await importJWK(row.publicJwk, SIGNING_ALG)) as CryptoKey,
      privateKey: privateJwk ? ((await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey) : null,
      createdAt: row.createdAt,
      retireAfter: row.retireAfter,
      expiresAt: row.expiresAt,
    };
    imported.set(row.kid, loaded);
    return loaded;
  };

  const generateRow = async (at: Date): Promise<SigningKeyRow> => {
    const pair = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    return {
      kid,
      alg: SIGNING_ALG,
      publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' },
      privateJwkEncrypted: sealPrivateJwk(await exportJWK(pair.privateKey), secret, kid),
      ...keyTimes(at, tokenTtlSeconds),
    };
  };

  const published = (): LoadedKey[] => {
    const t = now().getTime();
    return keys.filter((k) => k.expiresAt.getTime() > t);
  };

  const ensureCurrent = async (): Promise<void> => {
    const at = now();
    const signers = keys.filter((k) => k.privateKey);
    if (at.getTime() - loadedAt >= RELOAD_MS || needsNewKey(signers, at)) await reload();
  };

  return {
    async signingKey() {
      await ensureCurrent();
      const chosen = chooseSigningKey(
        keys.filter((k) => k.privateKey),
        now(),
      );
      if (!chosen?.privateKey) throw new Error('No signing key is available');
      return { kid: chosen.kid, key: chosen.privateKey };
    },

    async verificationKey(kid) {
      if (!kid) return null;
      await ensureCurrent();
      let found = published().find((k) => k.kid === kid);
      if (!found && now().getTime() - lastUnknownKidReload >= UNKNOWN_KID_RELOAD_MS) {
        // Another node may have just published it.
        lastUnknownKidReload = now().getTime();
        await reload();
        found = published().find((k) => k.kid === kid);
      }
      return found?.publicKey ?? null;
    },

    async publicJwks() {
      await ensureCurrent();
      const newestFirst = [...published()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      return { keys: newestFirst.map((k) => k.publicJwk) };
    },
  };
}
