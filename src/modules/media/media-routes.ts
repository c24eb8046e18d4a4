// GET /img/:key/:ratio/:width.:format — the resizer's HTTP face.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMAGE_WIDTHS, RATIO_VALUES, type ImageRatio } from '../../shared/images.ts';
import { IMAGE_FORMATS, type MediaService } from './media-service.ts';

const params = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,120}$/),
  ratio: z.enum(Object.keys(RATIO_VALUES) as [ImageRatio, ...ImageRatio[]]),
  file: z.string().regex(/^\d{2,4}\.(webp|jpg)$/),
});

export function registerMediaRoutes(app: FastifyInstance, { media, prefix }: { media: MediaService; prefix: string }) {
  app.get(`${prefix}/:key/:ratio/:file`, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return reply.code(404).type('text/plain').send('No such image');
    const [widthText, format] = parsed.data.file.split('.') as [string, keyof typeof IMAGE_FORMATS];
    const width = Number(widthText);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return reply.code(404).type('text/plain').send('No such image size');
    const bytes = await media.render({ key: parsed.data.key, ratio: parsed.data.ratio, width, format });
    if (!bytes) return reply.code(404).type('text/plain').send('No such image');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(IMAGE_FORMATS[format]).send(bytes);
  });
}
