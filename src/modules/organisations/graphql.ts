// GraphQL for organisation accounts (issue 17, §3, §7, §8): the account, its people (with a
// filter), its domains and open invitations; adding people, changing roles, removing people,
// invitations, claiming a seat, domains; Viewer.organisationAccounts. Reads need a seat on the
// account (a USER sees only their own); every change needs the organisationAdmin scope (OWNER or
// ADMIN, read from the database now, or site staff) and the service checks again. A refusal is
// §8 UnauthorizedError { accountId, requesterUserId }; seats that cannot be given are
// SeatAllocationError { type }.
import {
  builder,
  OrganisationAccountRef,
  OrganisationAccountSeatsRef,
  Viewer,
  type SignedInContext,
} from '../../server/graphql/builder.ts';
import { AuthError, ErrorInterface, InputError, UnauthorizedError } from '../../server/graphql/errors.ts';
import {
  SeatAllocationError,
  type Actor,
  type AddUserOutcome,
  type OrganisationAccountUser,
  type OrganisationDomain,
  type SeatFigures,
} from './organisations-service.ts';
import { ORGANISATION_ROLES } from './schema.ts';
import { SEAT_ALLOCATION_ERROR_TYPES } from './seats.ts';

const MANAGE_ERRORS = [AuthError, InputError, UnauthorizedError] as const;

function actorOf({ user }: Pick<SignedInContext, 'user'>): Actor {
  return { identityId: user.sub, userId: user.user_id ?? user.sub, isSiteAdmin: user.is_bof_admin };
}

/** Arguments are cut to a sane length before the service validates them. */
const cut = (value: string, max = 200) => value.slice(0, max);

const RoleEnum = builder.enumType('OrganisationAccountRole', {
  values: ORGANISATION_ROLES,
  description: 'OWNER: one per account, bought it or was handed it; ADMIN: manages people and domains; USER: holds a seat.',
});

const SeatAllocationErrorTypeEnum = builder.enumType('SeatAllocationErrorType', {
  values: SEAT_ALLOCATION_ERROR_TYPES,
  description:
    'INVALID_SEAT_REQUEST: no valid address, or more people than the plan could ever hold. NO_SEATS_REMAINING: every seat (extra allowance included) is taken.',
});

builder.objectType(SeatAllocationError, {
  name: 'SeatAllocationError',
  description: 'Seats cannot be given as asked; `type` says why.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ type: t.expose('type', { type: SeatAllocationErrorTypeEnum }) }),
});

const UserType = builder.objectRef<OrganisationAccountUser>('OrganisationAccountUser').implement({
  description: 'A person holding a seat on an organisation account.',
  fields: (t) => ({
    accountUserId: t.exposeString('accountUserId'),
    userId: t.exposeString('userId', { nullable: true, description: 'The public user number.' }),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    role: t.expose('role', { type: RoleEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

OrganisationAccountSeatsRef.implement({
  description:
    'Seat figures (decision 042): every seat holder (OWNER and ADMINs included) and every open invitation takes a seat; a plan may allow extra seats beyond the purchased ones.',
  fields: (t) => ({
    allocatedSeats: t.exposeInt('allocatedSeats'),
    extraSeatsUsed: t.exposeInt('extraSeatsUsed'),
    purchasedSeats: t.exposeInt('purchasedSeats'),
    purchasedSeatsRemaining: t.exposeInt('purchasedSeatsRemaining'),
    totalSeatsAvailable: t.exposeInt('totalSeatsAvailable'),
    totalSeatsRemaining: t.exposeInt('totalSeatsRemaining'),
  }),
});

OrganisationAccountRef.implement({
  description: 'An organisation account: a team plan with seats.',
  fields: (t) => ({
    accountId: t.exposeString('accountId'),
    title: t.exposeString('title'),
    primaryContactEmail: t.exposeString('primaryContactEmail'),
    jobIndustry: t.exposeString('jobIndustry', { nullable: true }),
    contentStrategyIndustry: t.exposeString('contentStrategyIndustry', { nullable: true }),
    membershipLevel: t.exposeString('membershipLevel', { description: 'The §4 level each seat grants.' }),
    status: t.exposeString('status', {
      description: '§4 status of its subscription: ActiveRenewing, ActiveTrial, ActiveCanceled or Expired.',
    }),
    termEndsAt: t.expose('termEndsAt', { type: 'DateTime', nullable: true }),
    owner: t.field({
      type: UserType,
      nullable: true,
      description: 'The OWNER (null for someone who may see only their own seat).',
      resolve: async (account, _args, context) => {
        if (!context.user) return null;
        const { items } = await context.services.organisations.users(actorOf({ user: context.user }), account.accountId, {
          role: 'OWNER',
          limit: 1,
        });
        return items[0] ?? null;
      },
    }),
    user: t.field({
      type: UserType,
      nullable: true,
      description: "The asking person's own seat on the account, if they hold one.",
      resolve: (account, _args, { user, services }) => (user ? services.organisations.ownSeat(user.sub, account.accountId) : null),
    }),
    seats: t.field({
      type: OrganisationAccountSeatsRef,
      resolve: async (account, _args, { services }) => ({
        accountId: account.accountId,
        ...(await services.organisations.seatSummary(account.accountId)),
      }),
    }),
  }),
});

const DomainType = builder.objectRef<OrganisationDomain>('OrganisationAccountDomain').implement({
  description: 'An email domain the organisation adds; anyone confirming an address at a verified, enabled one joins while seats remain.',
  fields: (t) => ({
    domainId: t.exposeString('domainId'),
    domain: t.exposeString('domain'),
    isVerified: t.exposeBoolean('isVerified', { description: 'The code mailed to an address at the domain was entered.' }),
    isDisabled: t.exposeBoolean('isDisabled'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    createdByUserId: t.exposeString('createdByIdentityId'),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    disabledByUserId: t.exposeString('disabledByIdentityId', { nullable: true }),
  }),
});

const InvitationType = builder
  .objectRef<{ invitationId: string; email: string; role: 'OWNER' | 'ADMIN' | 'USER'; createdAt: Date; resentAt: Date | null }>(
    'OrganisationAccountInvitation',
  )
  .implement({
    description: 'A seat waiting for an email address (an unclaimed membership account).',
    fields: (t) => ({
      invitationId: t.exposeString('invitationId'),
      email: t.exposeString('email'),
      role: t.expose('role', { type: RoleEnum }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      resentAt: t.expose('resentAt', { type: 'DateTime', nullable: true }),
    }),
  });

const UsersPage = builder.objectRef<{ total: number; items: OrganisationAccountUser[] }>('OrganisationAccountUsers').implement({
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'How many people match the filter.' }),
    items: t.field({ type: [UserType], resolve: (page) => page.items }),
  }),
});

const UsersFilterInput = builder.inputType('OrganisationAccountUsersFilter', {
  fields: (t) => ({
    search: t.string({ description: 'Part of a name or email address, any case.' }),
    role: t.field({ type: RoleEnum }),
    limit: t.int({ description: '1 to 100; 50 when omitted.' }),
    offset: t.int(),
  }),
});

// ---------- Reads ----------

builder.queryFields((t) => ({
  organisationAccount: t.withAuth({ signedIn: true }).field({
    type: OrganisationAccountRef,
    description: 'An organisation account the person holds a seat on (site staff: any).',
    errors: { types: [AuthError, UnauthorizedError], union: { name: 'OrganisationAccountResult' } },
    args: { accountId: t.arg.string({ required: true }) },
    resolve: (_root, { accountId }, context) => context.services.organisations.accountFor(actorOf(context), cut(accountId)),
  }),
  organisationAccountUsers: t.withAuth({ signedIn: true }).field({
    type: UsersPage,
    description: 'The people on the account; OWNER and ADMINs see everyone (search, role, paging), a USER only their own seat.',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'OrganisationAccountUsersResult' } },
    args: { accountId: t.arg.string({ required: true }), filter: t.arg({ type: UsersFilterInput }) },
    resolve: (_root, { accountId, filter }, context) =>
      context.services.organisations.users(actorOf(context), cut(accountId), {
        search: filter?.search ?? undefined,
        role: filter?.role ?? undefined,
        limit: filter?.limit ?? undefined,
        offset: filter?.offset ?? undefined,
      }),
  }),
  organisationAccountDomains: t.field({
    type: [DomainType],
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'The email domains the account added (OWNER and ADMINs).',
    errors: { types: [AuthError, UnauthorizedError], union: { name: 'OrganisationAccountDomainsResult' } },
    args: { accountId: t.arg.string({ required: true }) },
    resolve: (_root, { accountId }, context) => context.services.organisations.domains(actorOf(context as SignedInContext), cut(accountId)),
  }),
  organisationAccountInvitations: t.field({
    type: [InvitationType],
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'The seats waiting for someone to claim them (OWNER and ADMINs).',
    errors: { types: [AuthError, UnauthorizedError], union: { name: 'OrganisationAccountInvitationsResult' } },
    args: { accountId: t.arg.string({ required: true }) },
    resolve: (_root, { accountId }, context) =>
      context.services.organisations.invitations(actorOf(context as SignedInContext), cut(accountId)),
  }),
}));

builder.objectFields(Viewer, (t) => ({
  organisationAccounts: t.field({
    type: [OrganisationAccountRef],
    description: 'Organisation accounts the person holds a seat on (expired ones too: their admins still see them).',
    resolve: ({ claims }, _args, { services }) => services.organisations.accountsOf(claims.sub),
  }),
}));

// ---------- Changes ----------

const OutcomeEnum = builder.enumType('AddOrganisationAccountUserOutcome', {
  values: ['added', 'invited', 'already_member', 'already_invited', 'refused'] as const,
  description:
    'added: had an account, holds a seat now. invited: no account yet; an invitation (a reserved seat) was emailed. already_member / already_invited: nothing changed. refused: see reason.',
});

const AddedUserType = builder.objectRef<AddUserOutcome>('AddedOrganisationAccountUser').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    outcome: t.field({ type: OutcomeEnum, resolve: (item) => item.outcome }),
    accountUserId: t.string({ nullable: true, resolve: (item) => ('accountUserId' in item ? item.accountUserId : null) }),
    invitationId: t.string({ nullable: true, resolve: (item) => ('invitationId' in item ? item.invitationId : null) }),
    reason: t.string({
      nullable: true,
      description: 'INVALID_EMAIL, DUPLICATE or NO_SEATS_REMAINING.',
      resolve: (item) => (item.outcome === 'refused' ? item.reason : null),
    }),
    message: t.string({ nullable: true, resolve: (item) => (item.outcome === 'refused' ? item.message : null) }),
  }),
});

const AddUsersPayload = builder
  .objectRef<{ accountId: string; results: AddUserOutcome[]; seats: SeatFigures & { accountId: string } }>(
    'AddUsersToOrganisationAccountPayload',
  )
  .implement({
    fields: (t) => ({
      results: t.field({
        type: [AddedUserType],
        description: 'One answer per address, in the order given.',
        resolve: (payload) => payload.results,
      }),
      seats: t.field({ type: OrganisationAccountSeatsRef, resolve: (payload) => payload.seats }),
    }),
  });

const AddUsersInput = builder.inputType('AddUsersToOrganisationAccountInput', {
  fields: (t) => ({
    accountId: t.string({ required: true }),
    emails: t.stringList({ required: true, description: 'One or many addresses (a CSV is read into addresses by the page), at most 500.' }),
    role: t.field({ type: RoleEnum, description: 'ADMIN or USER; USER when omitted.' }),
  }),
});

const RemovedUser = builder.objectRef<{ accountId: string; accountUserId: string }>('RemovedOrganisationAccountUser').implement({
  fields: (t) => ({ accountId: t.exposeString('accountId'), accountUserId: t.exposeString('accountUserId') }),
});

const ClaimedSeat = builder
  .objectRef<{ accountId: string; accountUserId: string; role: 'OWNER' | 'ADMIN' | 'USER' }>('ClaimedOrganisationSeat')
  .implement({
    description: 'The seat is the person’s; their next token carries the group membership.',
    fields: (t) => ({
      accountId: t.exposeString('accountId'),
      accountUserId: t.exposeString('accountUserId'),
      role: t.expose('role', { type: RoleEnum }),
    }),
  });

builder.mutationFields((t) => ({
  addUsersToOrganisationAccount: t.field({
    type: AddUsersPayload,
    authScopes: (_root, { input }) => ({ organisationAdmin: input.accountId }),
    description:
      'Adds people by email: a seat at once for someone with an account, an invitation for anyone else. Each address is answered on its own.',
    errors: { types: [...MANAGE_ERRORS, SeatAllocationError], union: { name: 'AddUsersToOrganisationAccountResult' } },
    args: { input: t.arg({ type: AddUsersInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const accountId = cut(input.accountId);
      const result = await context.services.organisations.addUsers(
        actorOf(context as SignedInContext),
        accountId,
        input.emails.slice(0, 501).map((email) => cut(email, 400)),
        input.role ?? 'USER',
      );
      return { accountId, results: result.results, seats: { accountId, ...result.seats } };
    },
  }),
  removeUserFromOrganisationAccount: t.field({
    type: RemovedUser,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description:
      'Removes a person: their seat is free and their group membership ends now (their token loses it at its next refresh). Never the OWNER.',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'RemoveUserFromOrganisationAccountResult' } },
    args: { accountId: t.arg.string({ required: true }), accountUserId: t.arg.string({ required: true }) },
    resolve: async (_root, { accountId, accountUserId }, context) => {
      await context.services.organisations.removeUser(actorOf(context as SignedInContext), cut(accountId), cut(accountUserId, 64));
      return { accountId, accountUserId };
    },
  }),
  changeOrganisationAccountUserRole: t.field({
    type: UserType,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description:
      'Changes a role. Making someone OWNER (the OWNER only) hands the role on: the old OWNER becomes an ADMIN. The OWNER’s own role never changes otherwise.',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'ChangeOrganisationAccountUserRoleResult' } },
    args: {
      accountId: t.arg.string({ required: true }),
      accountUserId: t.arg.string({ required: true }),
      role: t.arg({ type: RoleEnum, required: true }),
    },
    resolve: (_root, { accountId, accountUserId, role }, context) =>
      context.services.organisations.changeRole(actorOf(context as SignedInContext), cut(accountId), cut(accountUserId, 64), role),
  }),
  resendOrganisationAccountInvitation: t.field({
    type: InvitationType,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'Emails the invitation again (at most once a minute).',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'ResendOrganisationAccountInvitationResult' } },
    args: { accountId: t.arg.string({ required: true }), invitationId: t.arg.string({ required: true }) },
    resolve: (_root, { accountId, invitationId }, context) =>
      context.services.organisations.resendInvitation(actorOf(context as SignedInContext), cut(accountId), cut(invitationId, 64)),
  }),
  revokeOrganisationAccountInvitation: t.field({
    type: RemovedUser,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'Withdraws an invitation; its seat is free again. Answers with the invitation id as accountUserId.',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'RevokeOrganisationAccountInvitationResult' } },
    args: { accountId: t.arg.string({ required: true }), invitationId: t.arg.string({ required: true }) },
    resolve: async (_root, { accountId, invitationId }, context) => {
      await context.services.organisations.revokeInvitation(actorOf(context as SignedInContext), cut(accountId), cut(invitationId, 64));
      return { accountId, accountUserId: invitationId };
    },
  }),
  claimOrganisationSeat: t.withAuth({ signedIn: true }).field({
    type: ClaimedSeat,
    description:
      'Takes the seat an invitation holds for the signed-in person’s confirmed email (the unclaimedMembershipAccountId of the session).',
    errors: { types: [AuthError], union: { name: 'ClaimOrganisationSeatResult' } },
    args: { accountId: t.arg.string({ required: true }) },
    resolve: async (_root, { accountId }, context) => ({
      accountId,
      ...(await context.services.organisations.claimSeat(context.user.sub, cut(accountId))),
    }),
  }),
  addOrganisationAccountDomain: t.field({
    type: DomainType,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description:
      'Adds an email domain by an address at it: a 6-digit code is emailed there (30 minutes). Not a free-mail provider, not a shared mailbox such as info@.',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'AddOrganisationAccountDomainResult' } },
    args: { accountId: t.arg.string({ required: true }), email: t.arg.string({ required: true }) },
    resolve: (_root, { accountId, email }, context) =>
      context.services.organisations.addDomain(actorOf(context as SignedInContext), cut(accountId), cut(email, 400)),
  }),
  confirmOrganisationAccountDomain: t.field({
    type: DomainType,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'Verifies the domain with the emailed code (5 tries).',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'ConfirmOrganisationAccountDomainResult' } },
    args: {
      accountId: t.arg.string({ required: true }),
      domainId: t.arg.string({ required: true }),
      code: t.arg.string({ required: true }),
    },
    resolve: (_root, { accountId, domainId, code }, context) =>
      context.services.organisations.confirmDomain(actorOf(context as SignedInContext), cut(accountId), cut(domainId, 64), cut(code, 64)),
  }),
  disableOrganisationAccountDomain: t.field({
    type: DomainType,
    authScopes: (_root, { accountId }) => ({ organisationAdmin: accountId }),
    description: 'Stops people joining by the domain; adding it again starts over.',
    errors: { types: [...MANAGE_ERRORS], union: { name: 'DisableOrganisationAccountDomainResult' } },
    args: { accountId: t.arg.string({ required: true }), domainId: t.arg.string({ required: true }) },
    resolve: (_root, { accountId, domainId }, context) =>
      context.services.organisations.disableDomain(actorOf(context as SignedInContext), cut(accountId), cut(domainId, 64)),
  }),
}));
