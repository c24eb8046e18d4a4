// The team admin's pages' server half (issue 17): /user/organisations/users/ (people, invitations,
// domains) and /user/organisations/memberships/ (plan, seats, renewal, invoices, card). Every read
// and every change goes through the organisations service with the person asking (an Actor): the
// service checks the role at the call (decision 042), so a USER or a stranger posting here is
// refused with §8 UnauthorizedError, shown as a sentence. Display-ready strings: formatting stays
// here. Both pages are under /user/, never in the shared page cache.
import { randomUUID } from 'node:crypto';
import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { APP_ERRORS } from '../../../shared/errors.ts';
import type { FieldError } from '../../../shared/validation/field-errors.ts';
import { paths } from '../../../shared/paths.ts';
import { safeText } from '../../../shared/validation/formats.ts';
import { formatDay, formatMoney, taxLabel } from '../../../modules/billing/money.ts';
import { receiptView } from './receipt-view.server.ts';
import { emailsFromCsv, MAX_EMAILS_PER_REQUEST } from '../../../modules/organisations/organisation-input.ts';
import type { Actor, OrganisationRole, OrganisationStatus, SeatFigures } from '../../../modules/organisations/organisations-service.ts';
import type { OrganisationBillingOverview } from '../../../modules/billing/organisation-billing.ts';
import { isOrganisationAdmin } from '../../../modules/session/permissions.ts';
import { requireSignedIn } from './details.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const USERS_PATH = paths.organisationUsers();
export const MEMBERSHIPS_PATH = paths.organisationMemberships();
export const PEOPLE_PAGE_SIZE = 25;
/** A CSV larger than this is refused before it is read (a team of 500 fits in far less). */
const MAX_CSV_BYTES = 200_000;

export const TEAM_MESSAGES = {
  unauthorized: 'Only the organisation’s owner and admins can do that.',
  unknownForm: 'This form could not be sent. Reload the page and try again.',
  noEmails: 'Enter at least one email address, or choose a CSV file.',
  tooMany: `Add at most ${MAX_EMAILS_PER_REQUEST} people at a time.`,
  csvTooLarge: 'That file is too large. Upload a CSV of at most 200 KB, one person a line.',
  csvUnreadable: 'That file could not be read as text. Save it as CSV (comma separated) and try again.',
} as const;

const ROLE_WORDS: Record<OrganisationRole, string> = { OWNER: 'Owner', ADMIN: 'Admin', USER: 'Member' };
const STATUS_WORDS: Record<OrganisationStatus, string> = {
  ActiveRenewing: 'Active',
  ActiveTrial: 'Active (trial)',
  ActiveCanceled: 'Cancelled: seats last until the end of the term',
  Expired: 'Expired',
};
export const roleWords = (role: OrganisationRole) => ROLE_WORDS[role];

/** The person asking, as the organisations service knows them. */
async function actorOf(args: Args, path: string) {
  const signedIn = await requireSignedIn(args, path);
  const user = args.context.user;
  const actor: Actor = {
    identityId: signedIn.session.identityId,
    userId: user?.id || signedIn.session.identityId,
    isSiteAdmin: false,
  };
  return { signedIn, actor };
}

const accountParam = safeText()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/);

/**
 * The organisation the page is about: `?account=` when the person holds a seat on it, else the
 * first they manage, else the first they hold a seat on. Null when they have none.
 */
async function chosenAccount(args: Args, identityId: string) {
  const accounts = await args.context.services.organisations.accountsOf(identityId);
  const asked = accountParam.safeParse(new URL(args.request.url).searchParams.get('account') ?? '');
  const wanted = asked.success ? asked.data : '';
  const chosen =
    accounts.find((account) => account.accountId === wanted) ??
    accounts.find((account) => account.role === 'OWNER' || account.role === 'ADMIN') ??
    accounts[0] ??
    null;
  return {
    chosen,
    choices: accounts.map((account) => ({ accountId: account.accountId, title: account.title, role: roleWords(account.role) })),
  };
}

/** Someone with no organisation: what team plans are, and the seat waiting for them, if any. */
async function offerFor(args: Args, identityId: string, email: string) {
  const { organisations } = args.context.services;
  const accountId = await organisations.unclaimedAccountId(identityId, email.trim().toLowerCase());
  const account = accountId ? await organisations.account(accountId) : null;
  return account ? { accountId: account.accountId, title: account.title } : null;
}

/** Who a USER asks about their seat: the owner (name and email) and the account's contact address. */
async function contactOf(args: Args, account: { ownerIdentityId: string; primaryContactEmail: string }) {
  const owner = await args.context.services.identity.people.get(account.ownerIdentityId);
  const name = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ');
  return { name: name || null, email: account.primaryContactEmail };
}

/** The seat figures in a team admin's words. */
export function seatWords(seats: SeatFigures) {
  return {
    used: seats.allocatedSeats,
    bought: seats.purchasedSeats,
    remaining: seats.totalSeatsRemaining,
    summary: `${seats.allocatedSeats} of ${seats.purchasedSeats} seats used`,
    detail: [
      seats.purchasedSeatsRemaining > 0
        ? `${seats.purchasedSeatsRemaining} bought ${seats.purchasedSeatsRemaining === 1 ? 'seat is' : 'seats are'} free to give.`
        : 'Every seat you bought is given.',
      seats.totalSeatsAvailable > seats.purchasedSeats
        ? `Your plan allows ${seats.totalSeatsAvailable - seats.purchasedSeats} extra ${seats.totalSeatsAvailable - seats.purchasedSeats === 1 ? 'seat' : 'seats'} beyond those; ${seats.extraSeatsUsed} in use.`
        : null,
      seats.extraSeatsUsed > 0 && seats.totalSeatsAvailable === seats.purchasedSeats
        ? `${seats.extraSeatsUsed} more ${seats.extraSeatsUsed === 1 ? 'person holds' : 'people hold'} a seat than you bought.`
        : null,
      'Invitations not yet accepted hold a seat until they are accepted or revoked.',
    ].filter((line): line is string => line !== null),
  };
}

const SHOW_VALUES = ['all', 'OWNER', 'ADMIN', 'USER', 'invited'] as const;
export type ShowFilter = (typeof SHOW_VALUES)[number];
const filterSchema = z.object({
  q: safeText().trim().max(200).catch(''),
  show: z.enum(SHOW_VALUES).catch('all'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/**
 * What both team pages show a reader who administers no team: no team at all (with a seat waiting
 * for them, if any), or a USER's own seat. `admin` carries on with the page's own part.
 */
async function teamPageStart(args: Args, path: string) {
  const { signedIn, actor } = await actorOf(args, path);
  const { organisations } = args.context.services;
  const { chosen, choices } = await chosenAccount(args, actor.identityId);
  if (!chosen) {
    const page = { kind: 'none' as const, email: signedIn.email, offer: await offerFor(args, actor.identityId, signedIn.email) };
    return { kind: 'not-admin' as const, page };
  }
  const account = {
    accountId: chosen.accountId,
    title: chosen.title,
    status: STATUS_WORDS[chosen.status],
    active: chosen.status !== 'Expired',
  };
  if (chosen.role === 'USER') {
    const page = {
      kind: 'member' as const,
      email: signedIn.email,
      choices,
      account,
      role: roleWords(chosen.role),
      since: (await organisations.ownSeat(actor.identityId, chosen.accountId))?.createdAt.toISOString() ?? null,
      contact: await contactOf(args, chosen),
    };
    return { kind: 'not-admin' as const, page };
  }
  return { kind: 'admin' as const, signedIn, actor, chosen, choices, account };
}

export type NotAdminTeamPage = Extract<Awaited<ReturnType<typeof teamPageStart>>, { kind: 'not-admin' }>['page'];

// ---------- /user/organisations/users/ ----------

export async function usersLoader(args: Args) {
  const start = await teamPageStart(args, USERS_PATH);
  if (start.kind === 'not-admin') return start.page;
  const { signedIn, actor, chosen, choices, account } = start;
  const { organisations } = args.context.services;
  const url = new URL(args.request.url);
  const filter = filterSchema.parse({
    q: url.searchParams.get('q') ?? '',
    show: url.searchParams.get('show') ?? 'all',
    page: url.searchParams.get('page') ?? '1',
  });
  const [seats, invitations, domains] = await Promise.all([
    organisations.seats(actor, chosen.accountId),
    organisations.invitations(actor, chosen.accountId),
    organisations.domains(actor, chosen.accountId),
  ]);
  const people =
    filter.show === 'invited'
      ? { total: 0, items: [] }
      : await organisations.users(actor, chosen.accountId, {
          search: filter.q || undefined,
          role: filter.show === 'all' ? undefined : filter.show,
          limit: PEOPLE_PAGE_SIZE,
          offset: (filter.page - 1) * PEOPLE_PAGE_SIZE,
        });
  const search = filter.q.toLowerCase();
  const removeAsked = url.searchParams.get('remove')?.slice(0, 64) ?? null;
  const removing = removeAsked ? (await organisations.users(actor, chosen.accountId, { limit: 100 })).items : [];
  const toRemove = removing.find((person) => person.accountUserId === removeAsked) ?? null;
  return {
    kind: 'admin' as const,
    email: signedIn.email,
    choices,
    account,
    role: chosen.role,
    roleWords: roleWords(chosen.role),
    seats: seatWords(seats),
    filter,
    removed: url.searchParams.get('removed') === '1',
    people: {
      total: people.total,
      pages: Math.max(1, Math.ceil(people.total / PEOPLE_PAGE_SIZE)),
      items: people.items.map((person) => ({
        accountUserId: person.accountUserId,
        name: [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email,
        email: person.email,
        role: person.role,
        roleWords: roleWords(person.role),
        added: formatDay(person.createdAt.toISOString()),
        addedDateTime: person.createdAt.toISOString(),
        isYou: person.identityId === actor.identityId,
      })),
    },
    invitations: invitations
      .filter((invitation) => !search || invitation.email.includes(search))
      .map((invitation) => ({
        invitationId: invitation.invitationId,
        email: invitation.email,
        roleWords: roleWords(invitation.role),
        sent: formatDay((invitation.resentAt ?? invitation.createdAt).toISOString()),
      })),
    domains: domains.map((domain) => ({
      domainId: domain.domainId,
      domain: domain.domain,
      state: domain.isDisabled ? 'disabled' : domain.isVerified ? 'verified' : 'pending',
      since: formatDay((domain.disabledAt ?? domain.verifiedAt ?? domain.createdAt).toISOString()),
    })),
    toRemove: toRemove
      ? {
          accountUserId: toRemove.accountUserId,
          name: [toRemove.firstName, toRemove.lastName].filter(Boolean).join(' ') || toRemove.email,
          email: toRemove.email,
        }
      : null,
  };
}

export type TeamActionData = {
  intent: string;
  status: 'success' | 'error';
  message: string;
  /** Add people: the addresses refused, each with why. */
  refused?: { email: string; reason: string }[];
  /** What was typed, given back after an error. */
  values?: Record<string, string>;
};

/** The form's fields: strings, and a CSV file read as text. */
async function teamFields(request: Request): Promise<{ fields: Record<string, string>; csv: string | null; csvProblem: string | null }> {
  const fields: Record<string, string> = {};
  let csv: string | null = null;
  let csvProblem: string | null = null;
  for (const [name, value] of await request.formData()) {
    if (typeof value === 'string') fields[name] = value.slice(0, 100_000);
    else if (name === 'csv' && value.size > 0) {
      if (value.size > MAX_CSV_BYTES) csvProblem = TEAM_MESSAGES.csvTooLarge;
      else {
        const bytes = new Uint8Array(await value.arrayBuffer());
        try {
          csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
        } catch {
          csvProblem = TEAM_MESSAGES.csvUnreadable;
        }
      }
    }
  }
  return { fields, csv, csvProblem };
}

/**
 * What an error from the service reads as on the page. Read by its code, not its class: the
 * services and this bundled route half each hold their own copy of shared/errors.ts.
 */
function refusal(intent: string, error: unknown, values?: Record<string, string>): TeamActionData {
  if (!(error instanceof Error) || !('code' in error) || !(String(error.code) in APP_ERRORS)) throw error;
  const code = String(error.code);
  if (code === 'FORBIDDEN') return { intent, status: 'error', message: TEAM_MESSAGES.unauthorized, values };
  const fieldErrors = 'fieldErrors' in error && Array.isArray(error.fieldErrors) ? (error.fieldErrors as FieldError[]) : [];
  const message = fieldErrors.map((problem) => problem.message).join(' ') || error.message;
  return { intent, status: 'error', message, values };
}

/** The addresses typed (one a line, or separated by commas or semicolons) and those in the CSV. */
export function addressesFrom(typed: string, csv: string | null): string[] {
  const fromText = typed
    .split(/[\r\n,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  return [...fromText, ...(csv ? emailsFromCsv(csv) : [])];
}

const REFUSAL_WORDS: Record<string, string> = {
  INVALID_EMAIL: 'not an email address',
  DUPLICATE: 'given twice',
  NO_SEATS_REMAINING: 'no seat left',
};

async function addPeople(args: Args, actor: Actor, accountId: string, fields: Record<string, string>, csv: string | null) {
  const values = { emails: fields.emails ?? '', role: fields.role ?? 'USER' };
  const emails = addressesFrom(values.emails, csv);
  if (emails.length === 0) return { intent: 'add', status: 'error' as const, message: TEAM_MESSAGES.noEmails, values };
  if (emails.length > MAX_EMAILS_PER_REQUEST) return { intent: 'add', status: 'error' as const, message: TEAM_MESSAGES.tooMany, values };
  try {
    const { results } = await args.context.services.organisations.addUsers(actor, accountId, emails, values.role);
    const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
    const added = count('added');
    const invited = count('invited');
    const already = count('already_member') + count('already_invited');
    const refused = results.flatMap((result) =>
      result.outcome === 'refused' ? [{ email: result.email, reason: REFUSAL_WORDS[result.reason] ?? result.message }] : [],
    );
    const parts = [
      added > 0 ? `${added} ${added === 1 ? 'person' : 'people'} added` : null,
      invited > 0 ? `${invited} ${invited === 1 ? 'invitation' : 'invitations'} sent` : null,
      already > 0 ? `${already} already on the team or invited` : null,
      refused.length > 0 ? `${refused.length} not added` : null,
    ].filter(Boolean);
    const message = `${parts.join(', ')}.`.replace(/^./, (first) => first.toUpperCase());
    return {
      intent: 'add',
      status: added + invited + already > 0 ? ('success' as const) : ('error' as const),
      message,
      refused,
      values: refused.length > 0 ? { emails: refused.map((item) => item.email).join('\n'), role: values.role } : undefined,
    };
  } catch (error) {
    return refusal('add', error, values);
  }
}

export async function usersAction(args: Args): Promise<TeamActionData | Response> {
  const { actor } = await actorOf(args, USERS_PATH);
  const { organisations } = args.context.services;
  const { fields, csv, csvProblem } = await teamFields(args.request);
  const intent = fields.intent ?? '';
  const accountId = (fields.accountId ?? '').slice(0, 64);
  const id = (name: string) => (fields[name] ?? '').slice(0, 64);
  try {
    switch (intent) {
      case 'add':
        if (csvProblem)
          return { intent, status: 'error', message: csvProblem, values: { emails: fields.emails ?? '', role: fields.role ?? 'USER' } };
        return await addPeople(args, actor, accountId, fields, csv);
      case 'resend':
        await organisations.resendInvitation(actor, accountId, id('invitationId'));
        return { intent, status: 'success', message: 'The invitation was sent again.' };
      case 'revoke':
        await organisations.revokeInvitation(actor, accountId, id('invitationId'));
        return { intent, status: 'success', message: 'The invitation is revoked; its seat is free again.' };
      case 'role': {
        const changed = await organisations.changeRole(actor, accountId, id('accountUserId'), fields.role ?? '');
        return {
          intent,
          status: 'success',
          message:
            changed.role === 'OWNER'
              ? `${changed.email} is now the owner; you are an admin.`
              : `${changed.email} is now ${changed.role === 'ADMIN' ? 'an admin' : 'a member'}.`,
        };
      }
      case 'remove': {
        await organisations.removeUser(actor, accountId, id('accountUserId'));
        // Post, redirect, get: the confirmation step's ?remove= is left behind.
        throw redirect(`${USERS_PATH}?${new URLSearchParams({ account: accountId, removed: '1' })}`);
      }
      case 'domain-add': {
        const domain = await organisations.addDomain(actor, accountId, (fields.address ?? '').slice(0, 400));
        return {
          intent,
          status: 'success',
          message: `We emailed a code to ${fields.address?.trim()}. Enter it below to verify ${domain.domain}.`,
        };
      }
      case 'domain-confirm': {
        const domain = await organisations.confirmDomain(actor, accountId, id('domainId'), (fields.code ?? '').trim().slice(0, 64));
        return {
          intent,
          status: 'success',
          message: `${domain.domain} is verified: anyone confirming an address there joins while seats remain.`,
        };
      }
      case 'domain-disable': {
        const domain = await organisations.disableDomain(actor, accountId, id('domainId'));
        return { intent, status: 'success', message: `${domain.domain} is disabled: nobody joins by it any more.` };
      }
      case 'claim':
        return await claimAction(args, actor, accountId);
      default:
        return { intent, status: 'error', message: TEAM_MESSAGES.unknownForm };
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusal(intent, error);
  }
}

/** Takes the seat waiting for the person's address (claimSeat), then mints the session again so it carries the membership. */
export async function claimAction(args: Args, actor: Actor, accountId: string): Promise<TeamActionData> {
  try {
    await args.context.services.organisations.claimSeat(actor.identityId, accountId);
  } catch (error) {
    return refusal('claim', error);
  }
  await args.context.refreshSession();
  const account = await args.context.services.organisations.account(accountId);
  return { intent: 'claim', status: 'success', message: `You have joined ${account?.title ?? 'the team'}: your seat is ready.` };
}

// ---------- /user/organisations/memberships/ ----------

/**
 * Billing keeps accounts under UUIDs (the purchase makes the organisation's id); an organisation set
 * up otherwise (by staff, with another id) has nothing billed, and billing's tables cannot be asked about it.
 */
const billedByUs = (accountId: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId);

const SUBSCRIPTION_STATES: Record<string, string> = {
  ACTIVE: 'Active',
  CANCELED: 'Cancelled',
  EXPIRED: 'Expired',
  FUTURE: 'Starts soon',
  PAUSED: 'Paused',
};

export const SEAT_FORM_MESSAGES = {
  seats: 'Enter how many seats to add: a whole number, 1 or more.',
  tooMany: 'Add at most 1,000 seats at a time.',
  ownerOnly: 'Only the organisation’s owner can cancel or resume its team plan.',
} as const;

/** The seats to add, as typed in "Add seats" (?seats= on the preview, a field on the purchase). */
const seatsToAdd = z.coerce
  .number({ error: SEAT_FORM_MESSAGES.seats })
  .int(SEAT_FORM_MESSAGES.seats)
  .min(1, SEAT_FORM_MESSAGES.seats)
  .max(1000, SEAT_FORM_MESSAGES.tooMany);

/** The OWNER and ADMINs may add seats (decision 027's organisationAdmin); only the OWNER cancels or resumes the plan. */
async function mayChangePlan(args: Args, actor: Actor, accountId: string, ownerOnly: boolean): Promise<boolean> {
  const role = await args.context.services.organisations.roleOf(actor.identityId, accountId);
  // requireSignedIn has checked the identity session; the product token may have just lapsed.
  const principal = args.context.user ?? { membershipLevel: 'None', isBofAdmin: false };
  return ownerOnly ? role === 'OWNER' : isOrganisationAdmin(principal, role);
}

/** "Add seats": what the form shows, and with ?seats= the price before paying (a GET, so it works without JavaScript). */
async function seatsOffer(
  args: Args,
  accountId: string,
  subscription: NonNullable<OrganisationBillingOverview['subscription']>,
  card: string | null,
) {
  const asked = new URL(args.request.url).searchParams.get('seats');
  const offer = { value: asked?.slice(0, 10) ?? '', error: null as string | null, quoted: false, preview: null as SeatsPreview | null };
  if (asked === null) return offer;
  const seats = seatsToAdd.safeParse(asked.slice(0, 10));
  if (!seats.success) return { ...offer, error: seats.error.issues[0]?.message ?? SEAT_FORM_MESSAGES.seats };
  const quote = await args.context.services.billing.organisations.previewExtraSeats(accountId, seats.data);
  if (!quote.ok) return { ...offer, error: quote.message, quoted: quote.quoted === true };
  const { price } = quote;
  const money = (amount: number) => formatMoney(amount, price.currency);
  return {
    ...offer,
    preview: {
      added: price.seats,
      seatsAfter: price.seatsAfter,
      perSeat: `${money(price.pricePerSeat)} a seat a year before tax, the price for ${price.seatsAfter} seats`,
      period: `${price.daysRemaining} of the term’s ${price.termDays} days, until ${formatDay(subscription.currentPeriodEndsAt!)}`,
      itemPrice: money(price.itemPrice),
      taxLabel: taxLabel(price.taxInfo),
      taxAmount: money(price.taxAmount),
      total: money(price.fullPrice),
      card,
      renewal: `${price.seatsAfter} seats from ${formatDay(subscription.currentPeriodEndsAt!)}`,
      // One key for this preview's purchase: a double submit of the same form buys once.
      idempotencyKey: randomUUID(),
    },
  };
}

export interface SeatsPreview {
  added: number;
  seatsAfter: number;
  perSeat: string;
  period: string;
  itemPrice: string;
  taxLabel: string | null;
  taxAmount: string;
  total: string;
  card: string | null;
  renewal: string;
  idempotencyKey: string;
}

/** What the page says after a change it redirected from (post, redirect, get). */
function doneNotice(url: URL, plan: { seatsBought: number; endsOn: string | null } | null): string | null {
  if (!plan) return null;
  const added = Number(url.searchParams.get('added'));
  if (Number.isInteger(added) && added > 0)
    return `${added} ${added === 1 ? 'seat' : 'seats'} added: your plan now has ${plan.seatsBought} seats. The invoice is below.`;
  if (url.searchParams.get('done') === 'cancelled' && plan.endsOn)
    return `Your team plan is cancelled. Every seat keeps working until ${plan.endsOn}; nothing more will be charged.`;
  if (url.searchParams.get('done') === 'resumed' && plan.endsOn) return `Your team plan is back on: it renews on ${plan.endsOn}.`;
  return null;
}

export async function membershipsLoader(args: Args) {
  const start = await teamPageStart(args, MEMBERSHIPS_PATH);
  if (start.kind === 'not-admin') return start.page;
  const { signedIn, actor, chosen, choices, account } = start;
  const { organisations, billing, lookups } = args.context.services;
  const url = new URL(args.request.url);
  const [seats, overview] = await Promise.all([
    organisations.seats(actor, chosen.accountId),
    billedByUs(chosen.accountId) ? billing.organisations.organisationBillingOverview(chosen.accountId) : null,
  ]);
  const subscription = overview?.subscription ?? null;
  const inDunning = overview?.inDunning ?? false;
  const billedTo = overview?.billedTo;
  const country = billedTo?.countryCode ? (lookups.country(billedTo.countryCode)?.title ?? billedTo.countryCode) : null;
  const isOwner = chosen.role === 'OWNER';
  const endsOn = subscription?.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null;
  const running =
    subscription !== null && subscription.currentPeriodEndsAt !== null && new Date(subscription.currentPeriodEndsAt) > new Date();
  const card = overview?.card
    ? {
        text: `${overview.card.cardType} ending ${overview.card.lastFour}`,
        expiry: `${String(overview.card.expMonth).padStart(2, '0')}/${overview.card.expYear}`,
      }
    : null;
  const plan = subscription
    ? {
        title: subscription.title,
        level: 'Premium for every seat',
        seatsBought: subscription.seats,
        state: inDunning
          ? 'Payment failed: we are trying the card again'
          : subscription.state === 'CANCELED' && endsOn
            ? `Cancelled: every seat works until ${endsOn}`
            : (SUBSCRIPTION_STATES[subscription.state] ?? subscription.state),
        price: `${formatMoney(subscription.price.fullPrice, subscription.price.currency)} a year`,
        perSeat: `${formatMoney(subscription.price.pricePerSeat, subscription.price.currency)} a seat before tax`,
        taxLabel: taxLabel(subscription.price.taxInfo),
        renews: endsOn ? (subscription.state === 'ACTIVE' ? `Renews on ${endsOn}` : `Ends on ${endsOn}`) : null,
        endsOn,
        // Only the OWNER sees the buttons; an ADMIN sees the state above.
        canCancel: isOwner && subscription.state === 'ACTIVE',
        canResume: isOwner && subscription.state === 'CANCELED' && running,
        ownerDecides: !isOwner && (subscription.state === 'ACTIVE' || running),
        cancelAsked: url.searchParams.get('cancel') === '1',
      }
    : null;
  return {
    kind: 'admin' as const,
    email: signedIn.email,
    choices,
    account,
    roleWords: roleWords(chosen.role),
    seats: seatWords(seats),
    plan,
    notice: doneNotice(url, plan),
    // Seats are added to a running plan, not a cancelled one (resume it first).
    addSeats:
      subscription?.state === 'ACTIVE' && running ? await seatsOffer(args, chosen.accountId, subscription, card?.text ?? null) : null,
    card,
    billedTo: billedTo
      ? [
          billedTo.companyName,
          billedTo.name,
          billedTo.addressLine1,
          [billedTo.postalCode, billedTo.city].filter(Boolean).join(' '),
          country,
        ]
          .filter((line): line is string => Boolean(line))
          .concat(billedTo.vatNumber ? [`VAT ${billedTo.vatNumber}`] : [])
      : [],
    contactEmail: billedTo?.contactEmail ?? chosen.primaryContactEmail,
    invoices: (overview?.invoices ?? []).map((invoice) => ({
      id: invoice.id,
      date: formatDay(invoice.createdAt),
      dateTime: invoice.createdAt,
      item: INVOICE_ITEMS[invoice.kind],
      amount: formatMoney(invoice.total, invoice.currency),
      status: invoice.state === 'paid' ? 'Paid' : invoice.state === 'refunded' ? 'Refunded' : 'Not paid',
    })),
    termEnds: chosen.termEndsAt ? formatDay(chosen.termEndsAt.toISOString()) : null,
  };
}

const INVOICE_ITEMS = { plan: 'Team plan', seats: 'Seats added' } as const;

/** ?receipt=<invoice id> on the team's membership page: one of the organisation's invoices, for its owner and admins. */
export async function teamReceiptLoader(args: Args, invoiceId: string) {
  const { actor } = await actorOf(args, MEMBERSHIPS_PATH);
  const { organisations, billing, lookups } = args.context.services;
  const { chosen } = await chosenAccount(args, actor.identityId);
  const notFound = () => data({ message: 'There is no such receipt on your organisation’s account.' }, 404);
  if (!chosen || (chosen.role !== 'OWNER' && chosen.role !== 'ADMIN')) throw notFound();
  // The role is read again now (a removed admin sees nothing); the invoice must be the organisation's.
  await organisations.seats(actor, chosen.accountId).catch(() => {
    throw notFound();
  });
  const receipt = billedByUs(chosen.accountId) ? await billing.receipt(chosen.accountId, invoiceId.slice(0, 64)) : null;
  if (!receipt) throw notFound();
  const overview = await billing.organisations.organisationBillingOverview(chosen.accountId);
  const billedTo = overview?.billedTo;
  const country = billedTo?.countryCode ? (lookups.country(billedTo.countryCode)?.title ?? billedTo.countryCode) : null;
  return {
    accountId: chosen.accountId,
    title: chosen.title,
    ...receiptView(receipt, receiptItem(overview, invoiceId) ?? chosen.title, [
      billedTo?.companyName,
      billedTo?.name,
      billedTo?.vatNumber ? `VAT ${billedTo.vatNumber}` : null,
      country,
    ]),
  };
}

export type TeamReceipt = Awaited<ReturnType<typeof teamReceiptLoader>>;

/** A receipt's line: the plan with its seats, or seats added mid-term. */
function receiptItem(overview: OrganisationBillingOverview | null, invoiceId: string): string | null {
  const subscription = overview?.subscription;
  if (!subscription) return null;
  const invoice = overview.invoices.find((row) => row.id === invoiceId);
  return invoice?.kind === 'seats'
    ? `Seats added to the ${subscription.title}, for the rest of the term`
    : `${subscription.title}, ${subscription.seats} seats`;
}

const addSeatsFields = z.object({ seats: seatsToAdd, idempotencyKey: safeText().trim().min(8).max(255) });

/** An answer that is not the page's usual 200: 403 for someone who may not, 422 for a refusal, 400 for bad input. */
const answer = (body: TeamActionData, status: number) => data(body, { status });

export async function membershipsAction(args: Args) {
  const { actor } = await actorOf(args, MEMBERSHIPS_PATH);
  const { fields } = await teamFields(args.request);
  const intent = fields.intent ?? '';
  const accountId = (fields.accountId ?? '').slice(0, 64);
  const back = (params: Record<string, string>) =>
    redirect(`${MEMBERSHIPS_PATH}?${new URLSearchParams({ account: accountId, ...params })}`);
  const teamPlans = args.context.services.billing.organisations;
  switch (intent) {
    case 'claim':
      return claimAction(args, actor, accountId);
    case 'add-seats': {
      if (!(await mayChangePlan(args, actor, accountId, false)))
        return answer({ intent, status: 'error', message: TEAM_MESSAGES.unauthorized }, APP_ERRORS.FORBIDDEN.httpStatus);
      const parsed = addSeatsFields.safeParse(fields);
      if (!parsed.success)
        return answer({ intent, status: 'error', message: SEAT_FORM_MESSAGES.seats }, APP_ERRORS.INVALID_INPUT.httpStatus);
      const result = await teamPlans.purchaseExtraSeats({
        organisationId: accountId,
        added: parsed.data.seats,
        idempotencyKey: parsed.data.idempotencyKey,
      });
      if (result.kind === 'error')
        return answer({ intent, status: 'error', message: result.message }, APP_ERRORS.PURCHASE_REFUSED.httpStatus);
      return back({ added: String(parsed.data.seats) });
    }
    case 'cancel-plan':
    case 'resume-plan': {
      if (!(await mayChangePlan(args, actor, accountId, true)))
        return answer({ intent, status: 'error', message: SEAT_FORM_MESSAGES.ownerOnly }, APP_ERRORS.FORBIDDEN.httpStatus);
      const changed = intent === 'cancel-plan' ? await teamPlans.cancelTeamPlan(accountId) : await teamPlans.resumeTeamPlan(accountId);
      if (!changed.ok) return answer({ intent, status: 'error', message: changed.message }, APP_ERRORS.REFUSED.httpStatus);
      return back({ done: intent === 'cancel-plan' ? 'cancelled' : 'resumed' });
    }
    default:
      return answer({ intent, status: 'error', message: TEAM_MESSAGES.unknownForm }, APP_ERRORS.INVALID_INPUT.httpStatus);
  }
}

// ---------- /user/membership/: the group membership and the seat waiting ----------

/**
 * For the membership page: the organisation whose seat gives the reader their membership
 * (UserProfile.membershipGroupAccountTitle and Status), whether they hold a seat anywhere (the
 * account menu's team links) and may manage one, and the seat waiting for their address.
 */
export async function membershipTeam(args: Args, identityId: string, email: string) {
  const { memberships, organisations } = args.context.services;
  const [membership, accounts] = await Promise.all([memberships.currentMembership(identityId), organisations.accountsOf(identityId)]);
  const groupAccountId = membership?.groupAccountId ?? null;
  const summary = groupAccountId ? (await organisations.summaries([groupAccountId])).get(groupAccountId) : undefined;
  return {
    group: summary ? { title: summary.title, status: STATUS_WORDS[summary.status] } : null,
    onTeam: accounts.length > 0,
    manages: accounts.some((account) => account.role === 'OWNER' || account.role === 'ADMIN'),
    offer: await offerFor(args, identityId, email),
  };
}

/** The membership page's "Join" (intent claim): null for any other form. */
export async function membershipClaimAction(args: Args): Promise<TeamActionData | null> {
  const fields = await args.request.clone().formData();
  if (fields.get('intent') !== 'claim') return null;
  const { actor } = await actorOf(args, paths.membership());
  const accountId = fields.get('accountId');
  return claimAction(args, actor, typeof accountId === 'string' ? accountId.slice(0, 64) : '');
}
