// GraphQL for the signed-in person (§3 Viewer) and their account mutations (§7).
import { builder, Viewer } from '../../server/graphql/builder.ts';
import { AuthError, InputError, USER_INPUT_ERRORS } from '../../server/graphql/errors.ts';
import { completeUserDataSchema, personalDetailsSchema } from '../../shared/validation/personal-details.ts';
import { heldMembership } from '../memberships/terms.ts';
import type { UserData } from './accounts-service.ts';

export const UserDataType = builder.objectRef<UserData>('UserData').implement({
  fields: (t) => ({
    userId: t.exposeString('userId'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    organisationTitle: t.exposeString('organisationTitle', { nullable: true }),
    country: t.exposeString('country', { nullable: true, description: 'ISO 3166-1 alpha-2 code (a `countries` key).' }),
    jobFunction: t.exposeString('jobFunction', { nullable: true }),
    jobIndustry: t.exposeString('jobIndustry', { nullable: true }),
    jobLevel: t.exposeString('jobLevel', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

interface UserProfile {
  membershipGroupAccountId: string | null;
  membershipGroupAccountTitle: string | null;
  membershipGroupStatus: string | null;
  membershipLevel: string;
  membershipPlan: string | null;
  membershipType: string;
}

const UserProfileType = builder.objectRef<UserProfile>('UserProfile').implement({
  fields: (t) => ({
    membershipGroupAccountId: t.exposeString('membershipGroupAccountId', { nullable: true }),
    membershipGroupAccountTitle: t.exposeString('membershipGroupAccountTitle', { nullable: true }),
    membershipGroupStatus: t.exposeString('membershipGroupStatus', { nullable: true }),
    membershipLevel: t.exposeString('membershipLevel'),
    membershipPlan: t.exposeString('membershipPlan', { nullable: true }),
    membershipType: t.exposeString('membershipType'),
  }),
});

// The Viewer is open (server/graphql/builder.ts): these are accounts' fields; billing, students and organisations add theirs.
builder.objectFields(Viewer, (t) => ({
  userData: t.field({
    type: UserDataType,
    nullable: true,
    resolve: ({ claims }, _args, { services }) => services.accounts.getUserData(claims.sub),
  }),
  userProfile: t.field({
    type: UserProfileType,
    // The membership as it stands now (a token may be minutes old); the claims for someone who never held one.
    resolve: async ({ claims }, _args, { services }) => {
      const membership = await services.memberships.currentMembership(claims.sub);
      const held = membership
        ? heldMembership(membership)
        : {
            level: claims.membership_level,
            type: claims.membership_type,
            planCode: null,
            groupAccountId: claims.unclaimed_membership_account_id,
          };
      // The organisation behind a seat (organisations): its title and its subscription's §4 status.
      const group = held.groupAccountId
        ? (await services.organisations.summaries([held.groupAccountId])).get(held.groupAccountId)
        : undefined;
      return {
        membershipGroupAccountId: held.groupAccountId,
        membershipGroupAccountTitle: group?.title ?? null,
        membershipGroupStatus: group?.status ?? null,
        membershipLevel: held.level,
        membershipPlan: held.planCode,
        membershipType: held.type,
      };
    },
  }),
  isQuiltBetaTester: t.boolean({ resolve: ({ claims }, _args, { services }) => services.accounts.isQuiltBetaTester(claims.sub) }),
}));

builder.queryField('viewer', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: Viewer,
    errors: { types: [AuthError], union: { name: 'ViewerResult' } },
    resolve: (_root, _args, { user }) => ({ claims: user }),
  }),
);

const PersonalDetailsInput = builder.inputType('UpdatePersonalDetailsInput', {
  // Optional at the GraphQL level so that the shared zod schema, not the parser, words the errors.
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    organisationTitle: t.string(),
    country: t.string(),
    jobFunction: t.string(),
    jobIndustry: t.string(),
    jobLevel: t.string(),
    completesUserData: t.boolean({ description: 'One-more-step: every field is required.' }),
  }),
});

builder.mutationField('updatePersonalDetails', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UserDataType,
    errors: { types: [...USER_INPUT_ERRORS], union: { name: 'UpdatePersonalDetailsResult' } },
    args: { input: t.arg({ type: PersonalDetailsInput, required: true }) },
    resolve: async (_root, { input: { completesUserData, ...details } }, { user, services }) => {
      const schema = completesUserData ? completeUserDataSchema : personalDetailsSchema;
      return InputError.unwrap(await services.accounts.updatePersonalDetails(user.sub, details, schema));
    },
  }),
);

const EmailChangeRequested = builder.objectRef<{ newEmail: string; expiresAt: Date }>('EmailChangeRequested').implement({
  fields: (t) => ({
    newEmail: t.exposeString('newEmail'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the emailed code stops working.' }),
  }),
});

builder.mutationField('requestEmailChange', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: EmailChangeRequested,
    errors: { types: [...USER_INPUT_ERRORS], union: { name: 'RequestEmailChangeResult' } },
    args: { newEmail: t.arg.string({ required: true }) },
    resolve: async (_root, { newEmail }, { user, services }) =>
      InputError.unwrap(await services.accounts.requestEmailChange(user.sub, { newEmail })),
  }),
);

const EmailChangeConfirmed = builder.objectRef<{ email: string }>('EmailChangeConfirmed').implement({
  fields: (t) => ({ email: t.exposeString('email') }),
});

builder.mutationField('confirmEmailChange', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: EmailChangeConfirmed,
    errors: { types: [...USER_INPUT_ERRORS], union: { name: 'ConfirmEmailChangeResult' } },
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, { code }, { user, services }) =>
      InputError.unwrap(await services.accounts.confirmEmailChange(user.sub, { code })),
  }),
);
