// The ticket checkout's server half (/events/<slug>/tickets/?ticketTypeId=…&quantity=…, issue 21):
// the ticket type with what is left, priced for the reader (the member price for a member) in the
// billing country's tax, and the purchase its form submits through billing's one paid-purchase
// path. Signed-out readers create an account (or sign in) first and come back here.
import { cardPurchaseFields, NO_CARD_TOKEN, unfinishedPurchaseAnswer } from '../card-purchase-answer.server.ts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { CURRENCIES, type Currency } from '../../../modules/billing/catalogue.ts';
import { formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import { currencyForCountry, parseCurrency } from '../../../modules/billing/pricing.ts';
import { EVENT_SLUG } from '../../../modules/events/event-input.ts';
import { ticketQrSvg } from '../../../modules/events/ticket-files.ts';
import { paths } from '../../../shared/paths.ts';
import { formFields } from '../user/details.server.ts';
import { absoluteSiteUrl, currentSession } from '../user/identity.server.ts';
import { withReturnTo } from '../user/user-paths.ts';

export const MAX_NAMED = 20;
const DEFAULT_COUNTRY = 'GB';

const country = (value: string | null | undefined) => {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
};

export type CheckoutActionData =
  | {
      status: 'success';
      orderId: string;
      eventId: string;
      ticketTypeId: string;
      ticketType: string;
      quantity: number;
      currency: Currency;
      fullPrice: string;
      tickets: { ticketId: string; code: string; attendeeName: string; qrSvg: string }[];
    }
  | { status: 'three_d_secure'; actionToken: string; message: string }
  | { status: 'error'; type?: string; message: string; fieldErrors?: Record<string, string> };

async function eventAndType(context: AppLoadContext, slug: string, ticketTypeId: string | null) {
  const event = EVENT_SLUG.test(slug) ? await context.services.events.eventBySlug(slug) : null;
  if (!event) throw data(null, { status: 404 });
  const types = await context.services.events.tickets.ticketTypes(event.eventId);
  const type = types.find((t) => t.ticketTypeId === ticketTypeId) ?? types.find((t) => t.status === 'on_sale') ?? null;
  if (!type) throw data(null, { status: 404 });
  return { event, type };
}

export async function checkoutLoader(args: { request: Request; params: { slug?: string }; context: AppLoadContext }) {
  const { request, context } = args;
  const url = new URL(request.url);
  const { event, type } = await eventAndType(context, args.params.slug ?? '', url.searchParams.get('ticketTypeId'));
  const signedIn = await currentSession(args);
  if (!signedIn) throw redirect(withReturnTo(paths.register(), absoluteSiteUrl(context.config, `${url.pathname}${url.search}`)));
  const identityId = signedIn.session.identityId;
  const { accounts, billing, lookups, identity } = context.services;
  const userData = await accounts.getUserData(identityId);

  const asked = Number(url.searchParams.get('quantity') ?? 1);
  const quantity = Number.isInteger(asked) && asked >= 1 && asked <= 1000 ? asked : 1;
  const countryCode = country(url.searchParams.get('country')) ?? country(userData?.country) ?? DEFAULT_COUNTRY;
  const askedCurrency = parseCurrency(url.searchParams.get('currency') ?? '');
  const sold = Object.keys(type.prices);
  const preferred = askedCurrency ?? currencyForCountry(countryCode);
  const currency = sold.includes(preferred) ? preferred : (sold[0] ?? preferred);
  const price = await billing.tickets.quoteTickets({ identityId, ticketTypeId: type.ticketTypeId, quantity, currency, countryCode });
  const firstName = userData?.firstName ?? signedIn.firstName ?? '';
  const lastName = userData?.lastName ?? (await identity.people.get(identityId))?.lastName ?? '';
  return {
    event: {
      eventId: event.eventId,
      slug: event.slug,
      title: event.title,
      startsAt: event.startsAt,
      timeZone: event.timeZone,
      location: event.location,
      venue: event.venue,
    },
    ticketType: {
      ticketTypeId: type.ticketTypeId,
      name: type.name,
      description: type.description,
      available: type.available,
      status: type.status,
    },
    quantity,
    namedTickets: Math.min(quantity, MAX_NAMED),
    price: price && {
      currency,
      unitPrice: formatMoney(price.unitPrice, currency),
      itemPrice: formatMoney(price.itemPrice, currency),
      taxAmount: formatMoney(price.taxAmount, currency),
      taxLabel: taxLabel(price.taxInfo),
      fullPrice: formatMoney(price.fullPrice, currency),
      memberPrice: price.memberPrice,
    },
    countryCode,
    currencies: CURRENCIES.filter((c) => sold.includes(c)),
    countries: lookups.countries().map(({ key, title }) => ({ key, title })),
    billing: { firstName, lastName },
    sandbox: context.config.keys.billing === 'sandbox',
    recurly: billing.recurly,
  };
}

export async function checkoutAction(args: {
  request: Request;
  params: { slug?: string };
  context: AppLoadContext;
}): Promise<CheckoutActionData> {
  const { request, context } = args;
  const signedIn = await currentSession(args);
  if (!signedIn) return { status: 'error', message: 'Your session ended. Sign in again to continue.' };
  const fields = await formFields(request);
  if (!fields.cardToken) return NO_CARD_TOKEN;
  const quantity = Number(fields.quantity ?? '');
  const attendeeNames = Array.from(
    { length: Math.min(Number.isInteger(quantity) ? quantity : 0, MAX_NAMED) },
    (_, i) => fields[`attendee${i}`] ?? '',
  );
  const result = await context.services.billing.tickets.purchaseTickets({
    identityId: signedIn.session.identityId,
    ticketTypeId: fields.ticketTypeId ?? '',
    quantity,
    attendeeNames,
    ...cardPurchaseFields(fields, fields.cardToken),
  });
  switch (result.kind) {
    case 'success': {
      const { order } = result;
      const type = await context.services.events.tickets.ticketType(order.ticketTypeId);
      return {
        status: 'success',
        orderId: order.orderId,
        eventId: order.eventId,
        ticketTypeId: order.ticketTypeId,
        ticketType: type?.name ?? '',
        quantity: order.quantity,
        // Bought only in a currency billing sells (parseCurrency in the purchase).
        currency: order.currency as Currency,
        fullPrice: formatMoney(order.fullPrice, order.currency),
        tickets: await Promise.all(
          order.tickets.map(async (t) => ({
            ticketId: t.ticketId,
            code: t.code,
            attendeeName: t.attendeeName,
            qrSvg: await ticketQrSvg(t.code),
          })),
        ),
      };
    }
    case 'three_d_secure':
    case 'error':
    case 'invalid':
      return unfinishedPurchaseAnswer(result, (error) =>
        error.path[0] === 'attendeeNames' ? `attendee${String(error.path[1] ?? 0)}` : (error.path.at(-1) ?? ''),
      );
  }
}
