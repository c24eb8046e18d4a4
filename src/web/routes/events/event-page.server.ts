// The event page's data: the event from its module, its speakers' names from profiles and its
// related stories from content (each through its service, decision 028).
import { data, type AppLoadContext } from 'react-router';
import { EVENT_SLUG } from '../../../modules/events/event-input.ts';
import { cardView } from '../../components/story-card.tsx';

export async function eventPageData(context: AppLoadContext, slug: string) {
  const { events, profiles, content } = context.services;
  const event = EVENT_SLUG.test(slug) ? await events.eventBySlug(slug) : null;
  if (!event) throw data(null, { status: 404 });
  const programmeSlugs = event.programme.flatMap((item) => item.speakerSlugs);
  const [people, topics] = await Promise.all([
    profiles.peopleBySlugs([...new Set([...event.speakerSlugs, ...programmeSlugs])]),
    event.topicSlug ? content.topicsBySlugs([event.topicSlug]) : Promise.resolve([]),
  ]);
  const related = topics[0] ? ((await content.latestCardsAbout([{ kind: 'topic', key: topics[0].id }], 3))[0] ?? []) : [];
  const names = new Map(people.map((p) => [p.slug, p.name]));
  // A speaker whose profile is gone is left out rather than shown without a page.
  const speaker = (slug: string) => (names.has(slug) ? [{ slug, name: names.get(slug)! }] : []);
  return {
    event: {
      ...event,
      programme: event.programme.map((item) => ({ ...item, speakers: item.speakerSlugs.flatMap(speaker) })),
      speakers: event.speakerSlugs.flatMap(speaker),
    },
    related: related.map(cardView),
  };
}
