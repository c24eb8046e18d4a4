// What a reader can follow (§9 follow types) and the shape of a follow (§3 UserFollow). Isomorphic:
// the follow buttons, the React Router actions, the service and the GraphQL API all parse with
// these schemas, so the same input is refused the same way, with the same paths and messages.
import { z } from 'zod';
import type { FieldError } from '../../shared/validation/field-errors.ts';

export const FOLLOWS_TYPES = ['AUTHOR_ID', 'ORGANISATION_PROFILE_ID', 'PERSON_PROFILE_ID', 'SITE_SECTION_ID', 'TAG_SLUG'] as const;
export type FollowsType = (typeof FOLLOWS_TYPES)[number];

/** §3 UserFollow. `userId` is the numeric user id as text (the main token's `user_id`). */
export interface UserFollow {
  userId: string;
  followsType: FollowsType;
  followsKey: string;
}
export type FollowRef = Omit<UserFollow, 'userId'>;

/** A follow button's state: `following` is null for a signed-out reader (who is asked to sign in). */
export interface FollowState extends FollowRef {
  following: boolean | null;
}

/** What the follow form's action answers. */
export type FollowActionData = ({ ok: true; following: boolean } & FollowRef) | { ok: false; fieldErrors: FieldError[] };

export const followMessages = {
  followsType: 'Choose what to follow',
  id: 'Use the id of what you want to follow',
  slug: 'Use the topic’s address name, such as “sustainability”',
  notFound: 'We couldn’t find that to follow',
  userId: 'Use a numeric user id',
  first: 'Ask for between 1 and 50 stories',
  intent: 'Choose follow or unfollow',
} as const;

/** How the following page names each group, in the order it shows them. */
export const FOLLOWS_TYPE_GROUPS: readonly { type: FollowsType; title: string }[] = [
  { type: 'SITE_SECTION_ID', title: 'Sections' },
  { type: 'TAG_SLUG', title: 'Topics' },
  { type: 'AUTHOR_ID', title: 'Authors' },
  { type: 'PERSON_PROFILE_ID', title: 'People' },
  { type: 'ORGANISATION_PROFILE_ID', title: 'Organisations' },
];

export const MAX_RECOMMENDED = 50;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const uuid = z.uuid();

export const followsTypeSchema = z.enum(FOLLOWS_TYPES, { error: followMessages.followsType });
export const userIdSchema = z.string({ error: followMessages.userId }).regex(/^\d{1,20}$/, { error: followMessages.userId });
export const firstSchema = z
  .number({ error: followMessages.first })
  .int({ error: followMessages.first })
  .min(1, { error: followMessages.first })
  .max(MAX_RECOMMENDED, { error: followMessages.first });

const followShape = {
  followsType: followsTypeSchema,
  // Its shape depends on the type: checked by checkKey, so a bad key gets one message, not several.
  followsKey: z.string({ error: followMessages.id }).trim().toLowerCase(),
};

/** The *_ID types name things by UUID, TAG_SLUG by the topic's slug. */
export function isValidFollowKey(followsType: FollowsType, followsKey: string): boolean {
  return followsType === 'TAG_SLUG' ? followsKey.length <= 100 && SLUG.test(followsKey) : uuid.safeParse(followsKey).success;
}

function checkKey(value: FollowRef, ctx: z.RefinementCtx) {
  if (!isValidFollowKey(value.followsType, value.followsKey)) {
    ctx.addIssue({
      code: 'custom',
      path: ['followsKey'],
      message: value.followsType === 'TAG_SLUG' ? followMessages.slug : followMessages.id,
    });
  }
}

/** One follow: what to follow and its key. Whether it exists is checked on the server. */
export const followSchema = z.object(followShape).superRefine(checkKey);

/** The follow button's form: the follow plus what to do with it. Follow and unfollow are idempotent. */
export const followFormSchema = z
  .object({ ...followShape, intent: z.enum(['follow', 'unfollow'], { error: followMessages.intent }) })
  .superRefine(checkKey);
export type FollowForm = z.output<typeof followFormSchema>;

/** A section or series is followed by id (SITE_SECTION_ID), any other topic as a tag by slug. */
export function followOfTopic(topic: { id: string; slug: string; kind: 'section' | 'topic' | 'series' }): FollowRef {
  return topic.kind === 'topic'
    ? { followsType: 'TAG_SLUG', followsKey: topic.slug }
    : { followsType: 'SITE_SECTION_ID', followsKey: topic.id };
}

export function followOfAuthor(author: { id: string }): FollowRef {
  return { followsType: 'AUTHOR_ID', followsKey: author.id };
}

/** One text key per follow, for maps and data loaders. */
export function followKey({ followsType, followsKey }: FollowRef): string {
  return `${followsType}:${followsKey}`;
}
