// Uploads are told by their bytes, not their name, and kept only when whole and small enough;
// the file store keeps keys inside its folder.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createFileStorage } from './storage.ts';
import { checkUpload, sniffImageType, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from './uploads.ts';

const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
    .toFormat(format)
    .toBuffer();

describe('uploads', () => {
  it('tells JPEG, PNG and WebP by their first bytes', async () => {
    expect(sniffImageType(await image('jpeg'))).toBe('jpeg');
    expect(sniffImageType(await image('png'))).toBe('png');
    expect(sniffImageType(await image('webp'))).toBe('webp');
    expect(sniffImageType(Buffer.from('GIF89a……'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('takes a whole image and refuses the wrong type, too large, empty and damaged files with a sentence', async () => {
    expect(await checkUpload(await image('png'))).toMatchObject({ ok: true, type: 'png', width: 40, height: 30 });
    expect(await checkUpload(Buffer.from('%PDF-1.7'))).toEqual({ ok: false, message: UPLOAD_MESSAGES.wrongType });
    expect(await checkUpload(Buffer.alloc(0))).toEqual({ ok: false, message: UPLOAD_MESSAGES.empty });
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    expect(await checkUpload(big)).toEqual({ ok: false, message: UPLOAD_MESSAGES.tooLarge });
    const cut = (await image('png')).subarray(0, 40);
    expect(await checkUpload(cut)).toEqual({ ok: false, message: UPLOAD_MESSAGES.unreadable });
  });

  it('stores, reads and deletes files by key, and refuses keys that climb out of its folder', async () => {
    const storage = createFileStorage(await mkdtemp(path.join(os.tmpdir(), 'atelier-storage-')));
    await storage.put('uploads/upload-a', Buffer.from('bytes'));
    expect((await storage.get('uploads/upload-a'))?.toString()).toBe('bytes');
    await storage.delete('uploads/upload-a');
    expect(await storage.get('uploads/upload-a')).toBeNull();
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/Not a storage key/);
    await expect(storage.put('uploads/../../x', Buffer.from(''))).rejects.toThrow(/Not a storage key/);
  });
});
