// /sitemap.xml (decision 038, written by `sitemap`): every module that has public pages lists them
// (AppModule.sitemap), and this route joins the lists in the modules' order. Only the
// sitemaps.org namespace: no news, image, video or hreflang entries.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';

/** One public page: its path on this site, and when it last changed when that is known. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

export type SitemapSource = () => Promise<SitemapEntry[]>;

export function registerSitemap(app: FastifyInstance, { siteUrl, sources }: { siteUrl: string; sources: SitemapSource[] }) {
  app.get('/sitemap.xml', async (_request, reply) => {
    const lists = await Promise.all(sources.map((source) => source()));
    const urls: SitemapItemLoose[] = lists.flat().map((entry) => ({ url: entry.path, lastmod: entry.lastmod?.toISOString() }));
    const sitemap = new SitemapStream({ hostname: siteUrl, xmlns: { news: false, xhtml: false, image: false, video: false } });
    return sendXml(reply, (await streamToPromise(Readable.from(urls).pipe(sitemap))).toString());
  });
}

/** An XML answer (a feed, the sitemap) that caches may keep for five minutes. */
export function sendXml(reply: FastifyReply, body: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
}
