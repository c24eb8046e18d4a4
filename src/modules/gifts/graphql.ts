// GraphQL for gift links (§7 createStoryGift; revokeStoryGift and storyGifts for the giver's list).
// Resolvers read the verified claims, parse, call the gifts service and map its answer onto the
// §8 result types: anonymous → AuthError (the signedIn scope); not a member, or another member's gift →
// UnauthorizedError; the month's allowance used up → BaseError (its message says when it resets);
// bad input or an unknown story or gift → ZodError with the field's path.
import { builder, type SignedInContext } from '../../server/graphql/builder.ts';
import { AuthError, BaseError, InputError, UnauthorizedError } from '../../server/graphql/errors.ts';
import { paths } from '../../shared/paths.ts';
import { mayGift, type GiftQuota, type GiftStatus, type GiftSummary } from './gift-rules.ts';
import type { Giver } from './gifts-service.ts';

/** Every error a gift field can answer with. */
const GIFT_ERRORS = [AuthError, UnauthorizedError, BaseError, InputError];

function giverOf({ user }: SignedInContext): Giver {
  return {
    identityId: user.sub,
    userId: user.user_id,
    isMember: mayGift({ membershipLevel: user.membership_level, isBofAdmin: user.is_bof_admin, isEmailVerified: user.email_verified }),
  };
}

const GiftStatusEnum = builder.enumType('StoryGiftStatus', {
  description: 'Whether a gift link still opens its story.',
  values: {
    ACTIVE: { value: 'active' satisfies GiftStatus, description: 'Opens the story for anyone until it expires.' },
    EXPIRED: { value: 'expired' satisfies GiftStatus },
    REVOKED: { value: 'revoked' satisfies GiftStatus, description: 'Its giver stopped it.' },
  } as const,
});

const StoryGiftStoryType = builder.objectRef<NonNullable<GiftSummary['story']> & { storyId: string }>('StoryGiftStory').implement({
  description: 'The story a gift link opens.',
  fields: (t) => ({
    id: t.exposeID('storyId'),
    title: t.exposeString('headline'),
    uri: t.string({ resolve: (story) => paths.story(story.slug) }),
  }),
});

const StoryGiftType = builder.objectRef<GiftSummary>('StoryGift').implement({
  description: 'A gift link: anyone who opens `url` reads the whole story until `expiresAt`, unless its giver revokes it.',
  fields: (t) => ({
    giftId: t.exposeID('giftId', { description: 'The `gift` query parameter of the link (the analytics giftId).' }),
    storyId: t.exposeID('storyId'),
    story: t.field({
      type: StoryGiftStoryType,
      nullable: true,
      description: 'Null when the story no longer exists.',
      resolve: (gift) => (gift.story ? { ...gift.story, storyId: gift.storyId } : null),
    }),
    url: t.exposeString('url', { nullable: true, description: 'The absolute link to share; null when the story no longer exists.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    redemptionCount: t.exposeInt('redemptionCount', { description: 'How many different people (other than the giver) opened the link.' }),
    status: t.expose('status', { type: GiftStatusEnum }),
  }),
});

const GiftQuotaType = builder.objectRef<GiftQuota>('StoryGiftQuota').implement({
  description: 'Gift links a member may create per calendar month (UTC).',
  fields: (t) => ({
    limit: t.exposeInt('limit'),
    used: t.exposeInt('used', { description: 'Created this month, revoked ones included.' }),
    remaining: t.exposeInt('remaining'),
    resetsAt: t.expose('resetsAt', { type: 'DateTime', description: 'The start of next month, when the allowance starts again.' }),
  }),
});

interface StoryGifts {
  gifts: GiftSummary[];
  quota: GiftQuota;
  canCreate: boolean;
}

const StoryGiftsType = builder.objectRef<StoryGifts>('StoryGifts').implement({
  description: 'The signed-in member’s gift links, newest first, and this month’s allowance.',
  fields: (t) => ({
    gifts: t.field({ type: [StoryGiftType], complexity: { field: 1, multiplier: 1 }, resolve: (result) => result.gifts }),
    quota: t.field({ type: GiftQuotaType, resolve: (result) => result.quota }),
    canCreate: t.exposeBoolean('canCreate', { description: 'Whether the member may create gift links (members and admins).' }),
  }),
});

builder.queryFields((t) => ({
  storyGifts: t.withAuth({ signedIn: true }).field({
    type: StoryGiftsType,
    description: 'The signed-in user’s gift links and this month’s allowance.',
    errors: { types: GIFT_ERRORS, union: { name: 'StoryGiftsResult' } },
    resolve: async (_root, _args, context) => {
      const giver = giverOf(context);
      const { gifts } = context.services;
      const [list, quota] = await Promise.all([
        gifts.listGifts({ giverIdentityId: giver.identityId }),
        gifts.quota({ giverIdentityId: giver.identityId }),
      ]);
      return { gifts: list, quota, canCreate: giver.isMember };
    },
  }),
}));

builder.mutationFields((t) => ({
  createStoryGift: t.withAuth({ signedIn: true }).field({
    type: StoryGiftType,
    description:
      'Creates a gift link for a story (members only, a monthly allowance). A live link the member already has for the story is returned again, using nothing.',
    errors: { types: GIFT_ERRORS, union: { name: 'CreateStoryGiftResult' } },
    args: { storyId: t.arg.id({ required: true }) },
    resolve: async (_root, { storyId }, context) => {
      const giver = giverOf(context);
      const result = await context.services.gifts.createGift({ giver, storyId: String(storyId) });
      if (result.ok) return result.value.gift;
      switch (result.reason) {
        case 'invalid':
          throw new InputError(result.fieldErrors);
        case 'not_member':
          throw new UnauthorizedError(giver.userId, null, result.message);
        case 'quota_exhausted':
          throw new BaseError(result.message);
      }
    },
  }),

  revokeStoryGift: t.withAuth({ signedIn: true }).field({
    type: StoryGiftType,
    description: 'Stops a gift link opening its story. Only its giver may; revoking again changes nothing.',
    errors: { types: GIFT_ERRORS, union: { name: 'RevokeStoryGiftResult' } },
    args: { giftId: t.arg.id({ required: true }) },
    resolve: async (_root, { giftId }, context) => {
      const giver = giverOf(context);
      const result = await context.services.gifts.revokeGift({ giverIdentityId: giver.identityId, giftId: String(giftId) });
      if (result.ok) return result.value;
      if (result.reason === 'not_yours') throw new UnauthorizedError(giver.userId, null, result.message);
      throw new InputError(result.fieldErrors);
    },
  }),
}));
