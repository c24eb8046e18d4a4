// GraphQL for follows and recommendations (§7: userFollows, usersByFollow, recommendedStories,
// addUserFollow, removeUserFollow). Resolvers parse, ask access.ts, call the service and map the
// answer; what a follow points at and what a story is about are loaded through per-request
// DataLoaders, so a list of any length costs the same few statements.
import { z } from 'zod';
import { builder, type GraphQLContext, type SignedInContext } from '../../server/graphql/builder.ts';
import { AuthError, BaseError, InputError, parseInput, UnauthorizedError } from '../../server/graphql/errors.ts';
import { paths } from '../../shared/paths.ts';
import type { StorySummary, Topic } from '../content/content-service.ts';
import { followsAccess, type FollowsAction } from './access.ts';
import { FOLLOWS_TYPES, firstSchema, followKey, followSchema, userIdSchema, type FollowRef, type UserFollow } from './follow-rules.ts';
import type { FollowTarget } from './follows-service.ts';
import type { ProfileRef } from '../profiles/profiles-service.ts';
import { isSiteAdmin, principalOf } from '../session/permissions.ts';

const DEFAULT_RECOMMENDED = 10;

/** Every error a field about someone's follows can answer with. */
const FOLLOWS_ERRORS = [AuthError, BaseError, UnauthorizedError, InputError];

/**
 * Query cost of a list field whose list is the success object's data field: that field already
 * counts as a list, so the outer one is counted once. Nested loads are batched, so a longer list
 * costs rows, not statements.
 */
const LIST_RESULT = { field: 1, multiplier: 1 };
/** A story has a few topics and profiles and one image, not the ten a list is assumed to have. */
const FEW = { field: 1, multiplier: 3 };

/**
 * The user whose follows a field is about: the signed-in user unless `userId` names another, as
 * access.ts allows. The fields' signedIn scope answers AuthError for anonymous; here a malformed
 * userId → ZodError; refused → UnauthorizedError.
 */
function subjectUser({ user }: SignedInContext, action: FollowsAction, userId?: string | null): string {
  const parsed = parseInput(z.object({ userId: userIdSchema.nullish() }), { userId });
  const access = followsAccess({ userId: user.user_id, isAdmin: isSiteAdmin(principalOf(user)) }, action, parsed.userId);
  if (!access.ok) throw new UnauthorizedError(user.user_id);
  return access.userId;
}

const FollowsTypeEnum = builder.enumType('FollowsType', {
  description: 'What a follow points at (§9): authors, sections and profiles by id, topics (tags) by slug.',
  values: FOLLOWS_TYPES,
});

const FollowTargetType = builder.objectRef<FollowTarget>('FollowTarget').implement({
  description: 'The followed author, section, topic, person or organisation, as readers see it.',
  fields: (t) => ({
    name: t.exposeString('name'),
    uri: t.exposeString('path', {
      nullable: true,
      description: 'Its page on this site; null until people and organisations have profile pages.',
    }),
  }),
});

const UserFollowType = builder.objectRef<UserFollow>('UserFollow').implement({
  fields: (t) => ({
    userId: t.exposeString('userId', { description: 'The numeric user id, as text.' }),
    followsKey: t.exposeString('followsKey'),
    followsType: t.expose('followsType', { type: FollowsTypeEnum }),
    target: t.loadable({
      type: FollowTargetType,
      nullable: true,
      description: 'What is followed; null when it no longer exists.',
      loaderOptions: { cacheKeyFn: followKey },
      load: (refs: FollowRef[], { services }) => services.follows.targets(refs),
      resolve: ({ followsType, followsKey }) => ({ followsType, followsKey }),
    }),
  }),
});

const StoryCategoryType = builder.loadableObject('StoryCategory', {
  description: 'A section, series or topic a story is filed under.',
  load: (ids: string[], { services }: GraphQLContext) => services.content.topicsByIds(ids),
  sort: (topic: Topic) => topic.id,
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    kind: t.exposeString('kind', { description: 'section, series or topic.' }),
    uri: t.string({ resolve: (topic) => paths.topic(topic.slug) }),
  }),
});

const profileRefType = (name: string, description: string) =>
  builder.objectRef<ProfileRef>(name).implement({
    description,
    fields: (t) => ({
      profileId: t.exposeID('profileId'),
      slug: t.exposeString('slug'),
      name: t.exposeString('name'),
    }),
  });
const StoryPersonType = profileRefType('StoryPerson', 'A person the story is about (a person profile).');
const StoryOrganisationType = profileRefType('StoryOrganisation', 'An organisation the story is about (an organisation profile).');

/** Loads the profiles of many stories at once; a story's key is its slugs joined by spaces. */
function profilesOfStories(lookup: (slugs: string[]) => Promise<ProfileRef[]>) {
  return async (keys: readonly string[]): Promise<ProfileRef[][]> => {
    const slugLists = keys.map((key) => key.split(' ').filter(Boolean));
    const bySlug = new Map((await lookup([...new Set(slugLists.flat())])).map((profile) => [profile.slug, profile]));
    return slugLists.map((slugs) => slugs.flatMap((slug) => bySlug.get(slug) ?? []));
  };
}

const StoryImageType = builder.objectRef<{ key: string; alt: string }>('StoryImage').implement({
  description: 'An image of the story. Its URLs come from the image resizer: {IMAGE_RESIZER_URL}/{key}/{ratio}/{width}.{webp|jpg}.',
  fields: (t) => ({ key: t.exposeString('key'), alt: t.exposeString('alt') }),
});

const RecommendedStoryType = builder.objectRef<StorySummary>('RecommendedStory').implement({
  description: 'A story picked for the reader (§3).',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('headline'),
    description: t.exposeString('standfirst'),
    uri: t.string({ resolve: (story) => paths.story(story.slug) }),
    mediaType: t.exposeString('mediaType'),
    availableTime: t.expose('publishedAt', { type: 'DateTime', description: 'When the story was published.' }),
    categories: t.loadableList({
      type: StoryCategoryType,
      description: 'Its sections and topics, the primary one first.',
      complexity: FEW,
      load: (storyIds: string[], { services }) => services.content.topicsOfStories(storyIds),
      resolve: (story) => story.id,
    }),
    images: t.field({
      type: [StoryImageType],
      complexity: { field: 1, multiplier: 1 },
      resolve: (story) => [{ key: story.heroKey, alt: story.heroAlt }],
    }),
    primarySection: t.field({
      type: StoryCategoryType,
      description: 'The section or topic it is filed under first (its kicker).',
      resolve: (story) => story.primaryTopicId,
    }),
    persons: t.loadableList({
      type: StoryPersonType,
      complexity: FEW,
      load: (keys: string[], { services }) => profilesOfStories(services.follows.profiles.peopleBySlugs)(keys),
      resolve: (story) => story.personSlugs.join(' '),
    }),
    organisations: t.loadableList({
      type: StoryOrganisationType,
      complexity: FEW,
      load: (keys: string[], { services }) => profilesOfStories(services.follows.profiles.organisationsBySlugs)(keys),
      resolve: (story) => story.organisationSlugs.join(' '),
    }),
  }),
});

builder.queryFields((t) => ({
  userFollows: t.withAuth({ signedIn: true }).field({
    type: [UserFollowType],
    complexity: LIST_RESULT,
    description: 'What the signed-in user follows, of one type or all. Admins may name another user.',
    errors: {
      types: FOLLOWS_ERRORS,
      union: { name: 'UserFollowsResult' },
      result: { name: 'UserFollowsSuccess' },
      dataField: { name: 'follows' },
    },
    args: { followsType: t.arg({ type: FollowsTypeEnum }), userId: t.arg.id() },
    resolve: (_root, { followsType, userId }, context) =>
      context.services.follows.listFollows({ userId: subjectUser(context, 'read', userId?.toString()), followsType }),
  }),

  usersByFollow: t.withAuth({ signedIn: true }).field({
    type: [UserFollowType],
    complexity: LIST_RESULT,
    description: 'Who follows a thing. Admins only: the answer names other readers.',
    errors: {
      types: FOLLOWS_ERRORS,
      union: { name: 'UsersByFollowResult' },
      result: { name: 'UsersByFollowSuccess' },
      dataField: { name: 'follows' },
    },
    args: { followsType: t.arg({ type: FollowsTypeEnum, required: true }), followsKey: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      subjectUser(context, 'list-followers');
      return context.services.follows.listFollowers(parseInput(followSchema, args));
    },
  }),

  recommendedStories: t.withAuth({ signedIn: true }).field({
    type: [RecommendedStoryType],
    complexity: LIST_RESULT,
    description: 'Stories for the signed-in reader: new from what they follow, then the most read, all unread.',
    errors: {
      types: FOLLOWS_ERRORS,
      union: { name: 'RecommendedStoriesResult' },
      result: { name: 'RecommendedStoriesSuccess' },
      dataField: { name: 'stories' },
    },
    args: { first: t.arg.int({ defaultValue: DEFAULT_RECOMMENDED }), userId: t.arg.id() },
    resolve: (_root, { first, userId }, context) => {
      const subject = subjectUser(context, 'read', userId?.toString());
      return context.services.follows.recommendedStories({
        userId: subject,
        first: parseInput(z.object({ first: firstSchema }), { first }).first,
      });
    },
  }),
}));

const UserFollowInput = builder.inputType('UserFollowInput', {
  fields: (t) => ({
    followsType: t.field({ type: FollowsTypeEnum, required: true }),
    followsKey: t.string({ required: true, description: 'The id (AUTHOR_ID, *_PROFILE_ID, SITE_SECTION_ID) or topic slug (TAG_SLUG).' }),
    userId: t.id({ description: 'Whose follow: only the signed-in user’s own (so a UserFollow can be sent back as it came).' }),
  }),
});

builder.mutationFields((t) => ({
  addUserFollow: t.withAuth({ signedIn: true }).field({
    type: UserFollowType,
    description: 'Follows an author, section, topic, person or organisation. Following again changes nothing.',
    errors: { types: FOLLOWS_ERRORS, union: { name: 'AddUserFollowResult' } },
    args: { input: t.arg({ type: UserFollowInput, required: true }) },
    resolve: async (_root, { input: { userId, ...follow } }, context) =>
      InputError.unwrap(await context.services.follows.addFollow({ userId: subjectUser(context, 'write', userId?.toString()), ...follow })),
  }),

  removeUserFollow: t.withAuth({ signedIn: true }).field({
    type: UserFollowType,
    description: 'Stops following. Not following it already is not an error.',
    errors: { types: FOLLOWS_ERRORS, union: { name: 'RemoveUserFollowResult' } },
    args: { input: t.arg({ type: UserFollowInput, required: true }) },
    resolve: async (_root, { input: { userId, ...follow } }, context) =>
      InputError.unwrap(
        await context.services.follows.removeFollow({ userId: subjectUser(context, 'write', userId?.toString()), ...follow }),
      ),
  }),
}));
