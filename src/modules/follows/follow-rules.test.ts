import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../../shared/validation/field-errors.ts';
import {
  followFormSchema,
  followMessages,
  followOfAuthor,
  followOfTopic,
  followSchema,
  firstSchema,
  isValidFollowKey,
  userIdSchema,
} from './follow-rules.ts';
import { groupByType } from './follows-service.ts';

const ID = '6f1c2a9e-55d1-5b3a-9c4e-2f7d8e9a0b1c';

describe('follow input', () => {
  it('names the *_ID types by UUID and tags by slug', () => {
    expect(isValidFollowKey('AUTHOR_ID', ID)).toBe(true);
    expect(isValidFollowKey('SITE_SECTION_ID', 'beauty')).toBe(false);
    expect(isValidFollowKey('TAG_SLUG', 'case-studies')).toBe(true);
    expect(isValidFollowKey('TAG_SLUG', ID.replaceAll('-', '_'))).toBe(false);
    expect(isValidFollowKey('TAG_SLUG', 'Bad Slug')).toBe(false);
  });

  it('normalises a key (trimmed, lower case) so one thing is one follow', () => {
    expect(followSchema.parse({ followsType: 'PERSON_PROFILE_ID', followsKey: ` ${ID.toUpperCase()} ` })).toEqual({
      followsType: 'PERSON_PROFILE_ID',
      followsKey: ID,
    });
    expect(followSchema.parse({ followsType: 'TAG_SLUG', followsKey: 'China' })).toEqual({ followsType: 'TAG_SLUG', followsKey: 'china' });
  });

  it('refuses bad input with the field’s path and a message in the reader’s terms', () => {
    const errors = (input: unknown) => {
      const result = followSchema.safeParse(input);
      return result.success ? [] : fieldErrorsFromZod(result.error);
    };
    expect(errors({ followsType: 'AUTHOR_ID', followsKey: 'jacob-ferreira' })).toEqual([
      { path: ['followsKey'], code: 'custom', message: followMessages.id },
    ]);
    expect(errors({ followsType: 'TAG_SLUG', followsKey: 'no/such' })).toEqual([
      { path: ['followsKey'], code: 'custom', message: followMessages.slug },
    ]);
    expect(errors({ followsType: 'BRAND', followsKey: 'x' })).toEqual([
      expect.objectContaining({ path: ['followsType'], message: followMessages.followsType }),
    ]);
    expect(errors({ followsType: 'TAG_SLUG', followsKey: '' })).toEqual([expect.objectContaining({ path: ['followsKey'] })]);
    expect(errors({ followsType: 'TAG_SLUG', followsKey: 'a'.repeat(101) })).toEqual([expect.objectContaining({ path: ['followsKey'] })]);
  });

  it('reads the follow button’s form, which says whether to follow or unfollow', () => {
    expect(followFormSchema.parse({ intent: 'unfollow', followsType: 'TAG_SLUG', followsKey: 'china' })).toEqual({
      intent: 'unfollow',
      followsType: 'TAG_SLUG',
      followsKey: 'china',
    });
    expect(followFormSchema.safeParse({ intent: 'toggle', followsType: 'TAG_SLUG', followsKey: 'china' }).success).toBe(false);
  });

  it('bounds user ids and the number of recommendations', () => {
    expect(userIdSchema.safeParse('1024').success).toBe(true);
    expect(userIdSchema.safeParse('abc').success).toBe(false);
    expect(firstSchema.safeParse(50).success).toBe(true);
    expect(firstSchema.safeParse(0).success).toBe(false);
    expect(firstSchema.safeParse(51).success).toBe(false);
    expect(firstSchema.safeParse(2.5).success).toBe(false);
  });
});

describe('what a page follows', () => {
  it('follows sections and series by id, other topics as tags by slug, authors by id', () => {
    expect(followOfTopic({ id: ID, slug: 'beauty', kind: 'section' })).toEqual({ followsType: 'SITE_SECTION_ID', followsKey: ID });
    expect(followOfTopic({ id: ID, slug: 'bof-insights', kind: 'series' })).toEqual({ followsType: 'SITE_SECTION_ID', followsKey: ID });
    expect(followOfTopic({ id: ID, slug: 'china', kind: 'topic' })).toEqual({ followsType: 'TAG_SLUG', followsKey: 'china' });
    expect(followOfAuthor({ id: ID })).toEqual({ followsType: 'AUTHOR_ID', followsKey: ID });
  });
});

describe('the following page’s groups', () => {
  it('puts each follow under its type, sections first, leaving out empty groups', () => {
    const items = [
      { followsType: 'AUTHOR_ID' as const, followsKey: 'a1' },
      { followsType: 'TAG_SLUG' as const, followsKey: 'china' },
      { followsType: 'AUTHOR_ID' as const, followsKey: 'a2' },
    ];
    expect(groupByType(items)).toEqual([
      { followsType: 'TAG_SLUG', title: 'Topics', items: [items[1]] },
      { followsType: 'AUTHOR_ID', title: 'Authors', items: [items[0], items[2]] },
    ]);
  });
});
