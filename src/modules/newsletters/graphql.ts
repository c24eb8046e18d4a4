// GraphQL for newsletters (§3 Newsletter, NewsletterSubscription; §7 newsletters,
// newsletterSubscriptions, subscribeEmailToNewsletters, updateNewsletterSubscriptions,
// confirmAnonUserToNewsletterSubscription; §6 anonymous readers confirm). Resolvers parse, call the
// service and map its answer; who may have which newsletter is audience.ts's, not the resolver's.
import { builder, type GraphQLContext, type SignedInContext } from '../../server/graphql/builder.ts';
import { AuthError, BaseError, InputError } from '../../server/graphql/errors.ts';
import { NEWSLETTER_GROUPS, NEWSLETTER_SUBSCRIPTION_STATUSES } from './newsletter-input.ts';
import type { Newsletter, NewsletterSubscription, Reader } from './newsletters-service.ts';

/** The reader as the verified claims say: level and admin for the audience, the confirmed address. */
function readerOf({ user }: SignedInContext): Reader {
  return {
    userId: user.user_id,
    email: user.email,
    emailVerified: user.email_verified,
    membershipLevel: user.membership_level,
    isBofAdmin: user.is_bof_admin,
  };
}

function optionalReader(context: GraphQLContext): Reader | null {
  return context.user ? readerOf(context as SignedInContext) : null;
}

const NewsletterGroupEnum = builder.enumType('NewsletterGroup', { values: NEWSLETTER_GROUPS });
const NewsletterSubscriptionStatusEnum = builder.enumType('NewsletterSubscriptionStatus', { values: NEWSLETTER_SUBSCRIPTION_STATUSES });
const ChangeStatusEnum = builder.enumType('NewsletterSubscriptionChange', {
  description: 'What a reader may set: subscribed or unsubscribed (none is never having chosen).',
  values: ['subscribed', 'unsubscribed'] as const,
});

const NewsletterType = builder.objectRef<Newsletter>('Newsletter').implement({
  description: 'A newsletter readers can receive by email (§3).',
  fields: (t) => ({
    newsletterId: t.exposeID('newsletterId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    author: t.exposeString('author'),
    frequency: t.exposeString('frequency', { description: 'How often it arrives, in words.' }),
    badges: t.stringList({
      description: 'Executive, Professional, Topic: what kind of newsletter it is.',
      resolve: (n) =>
        [n.isExecutive && 'Executive', n.isProfessional && 'Professional', n.isTopic && 'Topic'].filter((b): b is string => !!b),
    }),
    newsletterGroup: t.expose('newsletterGroup', { type: NewsletterGroupEnum }),
    isExecutive: t.exposeBoolean('isExecutive'),
    isProfessional: t.exposeBoolean('isProfessional'),
    isTopic: t.exposeBoolean('isTopic'),
    isVisibleOnOMS: t.exposeBoolean('isVisibleOnOMS'),
    isPreselectedOnOMS: t.exposeBoolean('isPreselectedOnOMS'),
    audience: t.exposeString('audience', { description: 'Who it is for: everyone, signed-in, members or premium (decision 045).' }),
  }),
});

const NewsletterSubscriptionType = builder.objectRef<NewsletterSubscription>('NewsletterSubscription').implement({
  description: 'A newsletter and the signed-in reader’s status for it (§3).',
  fields: (t) => ({
    newsletter: t.field({ type: NewsletterType, resolve: (s) => s.newsletter }),
    status: t.expose('status', { type: NewsletterSubscriptionStatusEnum }),
    available: t.exposeBoolean('available', { description: 'The reader may subscribe to it (it is for them).' }),
  }),
});

const SignupOutcomeEnum = builder.enumType('NewsletterSignupOutcome', {
  description: 'subscribed: at once (the signed-in reader’s confirmed address); confirmation_sent: a link was emailed to confirm.',
  values: ['subscribed', 'confirmation_sent'] as const,
});

const SignupResultType = builder
  .objectRef<{ outcome: 'subscribed' | 'confirmation_sent'; newsletterIds: string[] }>('NewsletterSignup')
  .implement({
    fields: (t) => ({
      outcome: t.expose('outcome', { type: SignupOutcomeEnum }),
      newsletterIds: t.exposeIDList('newsletterIds'),
    }),
  });

const ConfirmationType = builder
  .objectRef<{ email: string; newsletters: Newsletter[]; alreadyConfirmed: boolean }>('NewsletterConfirmation')
  .implement({
    fields: (t) => ({
      email: t.exposeString('email'),
      newsletters: t.field({ type: [NewsletterType], resolve: (c) => c.newsletters }),
      alreadyConfirmed: t.exposeBoolean('alreadyConfirmed'),
    }),
  });

builder.queryFields((t) => ({
  newsletters: t.field({
    type: [NewsletterType],
    description: 'Every newsletter, in the preference centre’s order; optionally one group or those offered on one-more-step.',
    args: { group: t.arg({ type: NewsletterGroupEnum }), visibleOnOMS: t.arg.boolean() },
    resolve: async (_root, { group, visibleOnOMS }, { services }) =>
      (await services.newsletters.catalogue()).filter(
        (n) =>
          (!group || n.newsletterGroup === group) &&
          (visibleOnOMS === null || visibleOnOMS === undefined || n.isVisibleOnOMS === visibleOnOMS),
      ),
  }),

  newsletterSubscriptions: t.withAuth({ signedIn: true }).field({
    type: [NewsletterSubscriptionType],
    description: 'The signed-in reader’s newsletters: every one they may have or are subscribed to, with its status.',
    errors: {
      types: [AuthError, BaseError],
      union: { name: 'NewsletterSubscriptionsResult' },
      result: { name: 'NewsletterSubscriptionsSuccess' },
      dataField: { name: 'subscriptions' },
    },
    resolve: (_root, _args, context) => context.services.newsletters.subscriptionsOf(readerOf(context)),
  }),
}));

const SubscribeEmailInput = builder.inputType('SubscribeEmailToNewslettersInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    newsletterIds: t.idList({ description: 'Empty or absent: the newsletters offered to everyone by default.' }),
    sourcePath: t.string({ description: 'The page the form was on (path and query).' }),
    placementVariant: t.string({ description: 'Where the form was: story, topic, footer, one-more-step …' }),
  }),
});

const PreferenceInput = builder.inputType('NewsletterSubscriptionInput', {
  fields: (t) => ({
    newsletterId: t.id({ required: true }),
    status: t.field({ type: ChangeStatusEnum, required: true }),
  }),
});

const UpdateSubscriptionsInput = builder.inputType('UpdateNewsletterSubscriptionsInput', {
  fields: (t) => ({
    subscriptions: t.field({ type: [PreferenceInput], description: 'The switches changed.' }),
    unsubscribeAll: t.boolean({ description: 'Unsubscribe from every newsletter (subscriptions is then ignored).' }),
    sourcePath: t.string(),
  }),
});

const ConfirmInput = builder.inputType('ConfirmAnonUserToNewsletterSubscriptionInput', {
  fields: (t) => ({
    signupId: t.id({ required: true, description: 'The `signup` of the emailed link.' }),
    token: t.string({ required: true, description: 'The `token` of the emailed link.' }),
  }),
});

builder.mutationFields((t) => ({
  subscribeEmailToNewsletters: t.field({
    type: SignupResultType,
    description:
      'Signs an address up. The signed-in reader’s own confirmed address is subscribed at once; any other is emailed a link to confirm (double opt-in).',
    errors: { types: [InputError, BaseError], union: { name: 'SubscribeEmailToNewslettersResult' } },
    args: { input: t.arg({ type: SubscribeEmailInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const result = await context.services.newsletters.subscribeEmail({
        email: input.email,
        newsletterIds: input.newsletterIds?.map(String) ?? [],
        sourcePath: input.sourcePath ?? undefined,
        placement: input.placementVariant ?? undefined,
        reader: optionalReader(context),
        clientAddress: context.clientAddress,
      });
      if (!result.ok) {
        if (result.reason === 'invalid') throw new InputError(result.fieldErrors);
        throw new BaseError(result.message);
      }
      return {
        outcome: result.outcome === 'subscribed' ? ('subscribed' as const) : ('confirmation_sent' as const),
        newsletterIds: result.newsletterIds,
      };
    },
  }),

  updateNewsletterSubscriptions: t.withAuth({ signedIn: true }).field({
    type: [NewsletterSubscriptionType],
    description: 'The signed-in reader’s switches, or unsubscribe from all. Subscribing needs a confirmed address.',
    errors: {
      types: [AuthError, InputError, BaseError],
      union: { name: 'UpdateNewsletterSubscriptionsResult' },
      result: { name: 'UpdateNewsletterSubscriptionsSuccess' },
      dataField: { name: 'subscriptions' },
    },
    args: { input: t.arg({ type: UpdateSubscriptionsInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const reader = readerOf(context);
      const { newsletters } = context.services;
      if (input.unsubscribeAll) return newsletters.unsubscribeAll({ reader });
      const result = await newsletters.updatePreferences({
        reader,
        subscriptions: (input.subscriptions ?? []).map((s) => ({ newsletterId: String(s.newsletterId), status: s.status })),
        sourcePath: input.sourcePath ?? undefined,
      });
      if (!result.ok) throw new InputError(result.fieldErrors);
      return result.subscriptions;
    },
  }),

  confirmAnonUserToNewsletterSubscription: t.field({
    type: ConfirmationType,
    description: 'Confirms an emailed sign-up (§6: no account needed). Confirming twice is not an error.',
    errors: { types: [BaseError], union: { name: 'ConfirmAnonUserToNewsletterSubscriptionResult' } },
    args: { input: t.arg({ type: ConfirmInput, required: true }) },
    resolve: async (_root, { input }, { services }) => {
      const result = await services.newsletters.confirmSignup({ signupId: String(input.signupId), token: input.token });
      if (!result.ok) throw new BaseError(result.message);
      return result;
    },
  }),
}));
