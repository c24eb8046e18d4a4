// An editor's revision of a story (issue 15, decision 032): saved, shown at once on every page that
// shows the story in this process, though those pages were cached, and within moments in every
// other process on the database (PostgreSQL NOTIFY), whose pages and reads were cached too.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { InputError } from '../../shared/errors.ts';
import { createTestApp } from '../../test/app.ts';
import { stories, storyAuthors, authors } from './schema.ts';
import { escapeHtml } from '../../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let lead: { slug: string; headline: string };

beforeAll(async () => {
  app = await createTestApp();
  const [newest] = await app.db
    .select({ slug: stories.slug, headline: stories.headline })
    .from(stories)
    .orderBy(desc(stories.publishedAt), desc(stories.id))
    .limit(1);
  lead = newest!;
});
afterAll(async () => {
  await app.close();
});

const page = async (target: App, url: string) => {
  const response = await target.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('revising a story', () => {
  it('shows the new headline and standfirst at once on its page, home (though cached), its topic, its author and the feed', async () => {
    await page(app, '/');
    const before = await app.inject({ url: '/' });
    expect(before.headers['x-page-cache']).toBe('hit');
    expect(before.body).toContain(escapeHtml(lead.headline));
    const [author] = await app.db
      .select({ slug: authors.slug })
      .from(storyAuthors)
      .innerJoin(authors, eq(authors.id, storyAuthors.authorId))
      .innerJoin(stories, eq(stories.id, storyAuthors.storyId))
      .where(eq(stories.slug, lead.slug));
    await page(app, `/authors/${author!.slug}/`);

    const headline = 'Revised: the season’s quiet reckoning';
    const standfirst = 'A standfirst an editor rewrote after publication.';
    const revised = await app.services.content.reviseStory({ slug: lead.slug, headline, standfirst });

    expect(revised?.pages).toEqual(
      expect.arrayContaining([`/articles/${lead.slug}/`, '/', '/rss.xml', '/sitemap.xml', `/authors/${author!.slug}/`]),
    );
    for (const url of ['/', `/articles/${lead.slug}/`, `/authors/${author!.slug}/`]) {
      const body = await page(app, url);
      expect(body, url).toContain(escapeHtml(headline));
      expect(body, url).not.toContain(escapeHtml(lead.headline));
    }
    expect(await page(app, '/rss.xml')).toContain(escapeHtml(standfirst));
    lead = { ...lead, headline };
  });

  it('replaces the body and its reading time, keeping what it was not given', async () => {
    const body = [{ type: 'paragraph' as const, text: `${'word '.repeat(690)}ends here.` }];
    const revised = await app.services.content.reviseStory({ slug: lead.slug, body });
    expect(revised).not.toBeNull();
    const [row] = await app.db
      .select({ headline: stories.headline, wordCount: stories.wordCount })
      .from(stories)
      .where(eq(stories.slug, lead.slug));
    expect(row).toEqual({ headline: lead.headline, wordCount: 692 });
    const shown = await page(app, `/articles/${lead.slug}/`);
    expect(shown).toContain('word word ends here.');
    expect(shown).toMatch(/>3(<!-- -->)? min read</);
  });

  it('names no story for an unknown slug, and refuses an empty headline with the field named', async () => {
    expect(await app.services.content.reviseStory({ slug: 'no-such-story-anywhere', headline: 'Anything' })).toBeNull();
    const refused = await app.services.content.reviseStory({ slug: lead.slug, headline: '  ' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InputError);
    expect((refused as InputError).fieldErrors.map((field) => field.path)).toEqual([['headline']]);
  });
});

describe.skipIf(inject('databaseTemplate').kind !== 'postgres')(
  'a revision seen by another process on the same PostgreSQL database',
  () => {
    let other: App;
    beforeAll(async () => {
      other = await createTestApp({}, { sameDatabaseAs: app });
    });
    afterAll(async () => {
      await other.close();
    });

    it('shows on the other process’s pages, cached there, without waiting for them to expire', async () => {
      const url = `/articles/${lead.slug}/`;
      // The other process has the home page cached and the story's reads in its read cache.
      await page(other, '/');
      expect((await other.inject({ url: '/' })).headers['x-page-cache']).toBe('hit');
      expect(await page(other, url)).toContain(escapeHtml(lead.headline));

      const headline = `Seen everywhere ${Date.now()}`;
      await app.services.content.reviseStory({ slug: lead.slug, headline });

      // Poll until it shows (the test's timeout bounds the wait; the caches would hold it for 30 s).
      while (!(await page(other, '/')).includes(headline)) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await page(other, url)).toContain(headline);
    }, 20_000);
  },
);
