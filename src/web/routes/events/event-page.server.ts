// The event page's data: the event from its module, its speakers' names from profiles and its
// related stories from content (each through its service, decision 028).
import { data, redirect, type AppLoadContext } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { formFields } from '../user/details.server.ts';
import { absoluteSiteUrl, currentSession } from '../user/identity.server.ts';
import { withReturnTo } from '../user/user-paths.ts';
import { formatPrice } from '../../../modules/billing/money.ts';
import { EVENT_SLUG } from '../../../modules/events/event-input.ts';
import { cardView } from '../../components/story-card.tsx';

export async function eventPageData(context: AppLoadContext, slug: string) {
  const { events, profiles, content } = context.services;
  const event = EVENT_SLUG.test(slug) ? await events.eventBySlug(slug) : null;
  if (!event) throw data(null, { status: 404 });
  const programmeSlugs = event.programme.flatMap((item) => item.speakerSlugs);
  const [people, topics, ticketTypes] = await Promise.all([
    profiles.peopleBySlugs([...new Set([...event.speakerSlugs, ...programmeSlugs])]),
    event.topicSlug ? content.topicsBySlugs([event.topicSlug]) : Promise.resolve([]),
    events.tickets.ticketTypes(event.eventId),
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
    // Changes once, when the event ends; the page cache's time to live is the backstop.
    isPast: Date.parse(event.endsAt ?? event.startsAt) < Date.now(),
    // Prices for everyone and for members: the page is the same for every reader (decision 034).
    ticketTypes: ticketTypes.map((t) => ({
      ticketTypeId: t.ticketTypeId,
      name: t.name,
      description: t.description,
      prices: Object.entries(t.prices).map(([currency, amount]) => formatPrice(amount!, currency)),
      memberPrices: Object.entries(t.memberPrices ?? {}).map(([currency, amount]) => formatPrice(amount!, currency)),
      available: t.available,
      status: t.status,
      salesStartAt: t.salesStartAt,
    })),
  };
}

/**
 * The event page's forms: a free registration, and joining or leaving the waiting list of a sold-out
 * ticket type. A signed-out reader signs in (or registers) first and comes back to the page.
 */
export async function eventPageAction(args: { request: Request; params: { slug?: string }; context: AppLoadContext }) {
  const { request, context, params } = args;
  const slug = params.slug ?? '';
  const event = EVENT_SLUG.test(slug) ? await context.services.events.eventBySlug(slug) : null;
  if (!event) throw data(null, { status: 404 });
  const signedIn = await currentSession(args);
  if (!signedIn) throw redirect(withReturnTo(paths.login(), absoluteSiteUrl(context.config, paths.event(slug))));
  const fields = await formFields(request);
  if (fields.intent === 'register') {
    const registered = await context.services.events.registerForEvent({
      eventId: event.eventId,
      identityId: signedIn.session.identityId,
      attendeeName: (fields.attendeeName ?? '').trim() || signedIn.email,
    });
    if (!registered) return { ok: false, message: 'This event takes no registrations now.' };
    return {
      ok: true,
      registered: { eventId: event.eventId, eventPlatform: event.platform ?? '' },
      message: registered.created
        ? `You are registered. We have emailed ${signedIn.email} your place and a calendar file; the link to join comes the day before.`
        : 'You are already registered: your place is on your tickets page.',
    };
  }
  const types = await context.services.events.tickets.ticketTypes(event.eventId);
  const type = types.find((t) => t.ticketTypeId === fields.ticketTypeId);
  if (fields.intent === 'leave-waiting-list' && type) {
    const left = await context.services.events.tickets.leaveWaitingList(type.ticketTypeId, signedIn.session.identityId);
    return {
      ok: left,
      message: left ? `You have left the waiting list for ${type.name}.` : `You were not on the waiting list for ${type.name}.`,
    };
  }
  if (fields.intent !== 'waiting-list' || !type) return { ok: false, message: 'Choose a ticket to wait for.' };
  if (type.status !== 'sold_out') return { ok: false, message: `${type.name} tickets are not sold out: you can buy them now.` };
  await context.services.events.tickets.joinWaitingList({
    ticketTypeId: type.ticketTypeId,
    identityId: signedIn.session.identityId,
    email: signedIn.email,
  });
  return {
    ok: true,
    message: `You are on the waiting list for ${type.name}. When seats come back we email the readers waiting, in the order they joined: ${signedIn.email} once.`,
  };
}
