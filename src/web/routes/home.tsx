import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { ForYou } from '../components/for-you.tsx';
import { cardView, compactCardView, StoryCard } from '../components/story-card.tsx';
import { rootDataFromMatches } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import { FeaturedOrganisations } from '../components/profiles/featured-organisations.tsx';
import { FeaturedEvents } from '../components/events/featured-events.tsx';
import { eventCardView } from '../components/events/event-card.tsx';
import { Prerendered } from '../lib/prerendered.tsx';
import { prerenderedData } from '../lib/prerendered-data.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const home = await context.services.content.getHomePage();
  // Only what each block shows (see CardView). Every block is kept as the server wrote it, so a
  // document sends none of this as data for hydration (prerenderedData, decision 062).
  const blocks = {
    lead: home.lead && cardView(home.lead),
    topStories: home.topStories.map(cardView),
    latest: home.latest.map(compactCardView),
    rails: home.rails.map(({ topic, stories }) => ({ topic: { slug: topic.slug, name: topic.name }, stories: stories.map(cardView) })),
    mostRead: home.mostRead.map(({ slug, headline }) => ({ slug, headline })),
    // §3 FeaturedOrganisationProfile HOMEPAGE_COMPONENT: organisations the newsroom puts forward.
    featured: (await context.services.profiles.featuredOrganisations('HOMEPAGE_COMPONENT', 4)).map(
      ({ profileId, slug, title, city, thumbnailKey }) => ({
        profileId,
        slug,
        title,
        city,
        thumbnailKey,
      }),
    ),
    events: (await context.services.events.featuredEvents(3)).map(eventCardView),
  };
  return { blocks: prerenderedData(context, blocks) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: root.config.productName,
    description: 'News, analysis and intelligence on the global fashion and beauty industries.',
    url: `${root.config.siteUrl}/`,
    productName: root.config.productName,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  return (
    <div className="wrap home">
      <h1 className="visually-hidden">Today’s stories</h1>
      {/* Cards and lists, kept as the server wrote them when the page hydrates (decision 060). */}
      <Prerendered as="section" data={blocks} className="home__top" aria-label="Top stories">
        {({ lead, topStories }) => (
          <>
            {lead && (
              <div className="home__lead">
                <StoryCard story={lead} size="lead" headingLevel={2} priority />
              </div>
            )}
            <div className="home__secondary">
              {topStories.map((story) => (
                <StoryCard key={story.slug} story={story} headingLevel={2} />
              ))}
            </div>
          </>
        )}
      </Prerendered>

      <ForYou />

      <Prerendered as="div" data={blocks} className="home__columns">
        {({ latest, mostRead }) => (
          <>
            <section className="home__latest" aria-labelledby="latest-heading">
              <h2 id="latest-heading" className="rail-title">
                Latest
              </h2>
              <ol className="list-plain">
                {latest.map((story) => (
                  <li key={story.slug}>
                    <StoryCard story={story} size="compact" />
                  </li>
                ))}
              </ol>
            </section>
            <aside className="home__most-read" aria-labelledby="most-read-heading">
              <h2 id="most-read-heading" className="rail-title">
                Most read
              </h2>
              <ol className="ranked">
                {mostRead.map((story) => (
                  <li key={story.slug}>
                    <Link to={paths.story(story.slug)}>{story.headline}</Link>
                  </li>
                ))}
              </ol>
            </aside>
          </>
        )}
      </Prerendered>

      <Prerendered as="div" data={blocks}>
        {({ events, featured, rails }) => (
          <>
            <FeaturedEvents events={events} />
            <FeaturedOrganisations organisations={featured} />

            {rails.map((rail) => (
              <section className="rail" key={rail.topic.slug} aria-labelledby={`rail-${rail.topic.slug}`}>
                <div className="rail__head">
                  <h2 id={`rail-${rail.topic.slug}`} className="rail-title">
                    <Link to={paths.topic(rail.topic.slug)}>{rail.topic.name}</Link>
                  </h2>
                  <Link to={paths.topic(rail.topic.slug)} className="rail__more">
                    More in {rail.topic.name} <span aria-hidden="true">→</span>
                  </Link>
                </div>
                <div className="rail__grid">
                  {rail.stories.map((story) => (
                    <StoryCard key={story.slug} story={story} />
                  ))}
                </div>
              </section>
            ))}
          </>
        )}
      </Prerendered>
    </div>
  );
}
