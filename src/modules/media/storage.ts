// Where uploaded images are kept: bytes by key (put, get, delete). The filesystem store under the
// data directory is the default; an S3-compatible store implements the same three calls.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ObjectStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are paths of lower-case names ("uploads/upload-…"): nothing climbs out of the store's folder. */
const STORAGE_KEY = /^[a-z0-9][a-z0-9_.-]{0,199}(?:\/[a-z0-9][a-z0-9_.-]{0,199}){0,3}$/;

export function checkStorageKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Not a storage key: ${key.slice(0, 80)}`);
  return key;
}

/** Files under `root` (DATA_DIR/uploads): written to a temporary name first, so a reader never sees half a file. */
export function createFileStorage(root: string): ObjectStorage {
  const file = (key: string) => path.join(root, ...checkStorageKey(key).split('/'));
  return {
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      return readFile(file(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** In memory, for tests and a process that keeps nothing. */
export function createMemoryStorage(): ObjectStorage {
  const items = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      items.set(checkStorageKey(key), Buffer.from(bytes));
    },
    async get(key) {
      return items.get(checkStorageKey(key)) ?? null;
    },
    async delete(key) {
      items.delete(checkStorageKey(key));
    },
  };
}
