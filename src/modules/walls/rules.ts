// Wall rules as data (issue 6): the meter, each wall's variants, experiments and next-best-action
// banners. Validated with zod; read from WALL_RULES_FILE when set (and re-read when the file
// changes, so an editor can change them without a deploy), else the defaults below.
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { ENTITLEMENTS } from './entitlements.ts';

const id = z.string().regex(/^[A-Za-z0-9_.:-]{1,255}$/, 'an identifier: letters, digits, _ . : - (at most 255)');
// A group id and name become GROUP_ID#GROUP_NAME (§5), so neither may contain '#'.
const groupPart = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'letters, digits, _ . - (no #)');
const link = z.string().regex(/^(\/|https:\/\/)/, 'a site path or an https URL');

export const WALL_KINDS = ['registration', 'pay', 'upgrade'] as const;
export type WallKind = (typeof WALL_KINDS)[number];

const variantSchema = z.strictObject({
  id,
  wall: z.enum(WALL_KINDS),
  /** Only for stories that need this (e.g. the beauty package's pay wall); any story when absent. */
  needs: z.enum(ENTITLEMENTS).optional(),
  wallVariant: id,
  designVariant: id,
  offerVariant: id,
  ctaVariant: id,
  ctaUrl: link,
  title: z.string().min(1).max(120),
  text: z.string().min(1).max(400),
  cta: z.string().min(1).max(60),
});
export type WallVariant = z.infer<typeof variantSchema>;

const experimentSchema = z.strictObject({
  id,
  outcomeId: id,
  wall: z.enum(WALL_KINDS),
  needs: z.enum(ENTITLEMENTS).optional(),
  groups: z.array(z.strictObject({ id: groupPart, name: groupPart, weight: z.int().positive(), variant: id })).min(2),
});
export type Experiment = z.infer<typeof experimentSchema>;

const nbaSchema = z.strictObject({
  audience: z.enum(['anonymous', 'registered', 'member']),
  nbaVariant: id,
  actionPromoted: id,
  title: z.string().min(1).max(120),
  text: z.string().min(1).max(300),
  cta: z.string().min(1).max(60),
  ctaUrl: link,
  /** The phone variant (§2's app screen for non-members) shows this instead on small screens. */
  appText: z.string().min(1).max(300).optional(),
});
export type NextBestAction = z.infer<typeof nbaSchema>;

export const wallRulesSchema = z
  .strictObject({
    meter: z.strictObject({ freeStories: z.int().min(0).max(100), period: z.enum(['month', 'week']) }),
    premiumOnlyTopics: z.array(z.string().min(1)),
    variants: z.array(variantSchema).min(3),
    experiments: z.array(experimentSchema),
    nextBestActions: z.array(nbaSchema),
  })
  .superRefine((rules, context) => {
    const ids = new Set(rules.variants.map((v) => v.id));
    for (const wall of WALL_KINDS) {
      if (!rules.variants.some((v) => v.wall === wall && !v.needs))
        context.addIssue({ code: 'custom', path: ['variants'], message: `the ${wall} wall needs a variant for any story (no "needs")` });
    }
    const groupIds = rules.experiments.flatMap((e) => e.groups.map((g) => g.id));
    if (new Set(groupIds).size !== groupIds.length)
      context.addIssue({
        code: 'custom',
        path: ['experiments'],
        message: 'group ids must be unique across experiments (they are carried as GROUP_ID#GROUP_NAME)',
      });
    rules.experiments.forEach((experiment, index) => {
      for (const group of experiment.groups) {
        const variant = rules.variants.find((v) => v.id === group.variant);
        if (!ids.has(group.variant) || variant?.wall !== experiment.wall)
          context.addIssue({
            code: 'custom',
            path: ['experiments', index, 'groups'],
            message: `group ${group.id} names ${group.variant}, which is not a ${experiment.wall} wall variant`,
          });
      }
    });
  });
export type WallRules = z.infer<typeof wallRulesSchema>;

const PAYMENT = '/subscriptions/individuals/payment/';

export const DEFAULT_WALL_RULES: WallRules = wallRulesSchema.parse({
  meter: { freeStories: 3, period: 'month' },
  premiumOnlyTopics: ['bof-insights', 'case-studies'],
  variants: [
    {
      id: 'registration-free-account',
      wall: 'registration',
      wallVariant: 'registration_wall',
      designVariant: 'inline_panel',
      offerVariant: 'free_account',
      ctaVariant: 'create_free_account',
      ctaUrl: '/user/register/',
      title: 'Keep reading with a free account',
      text: 'You’ve read your free stories this month. Sign up in a minute to keep reading and get our daily briefing. No payment needed.',
      cta: 'Create a free account',
    },
    {
      id: 'registration-registered-story',
      wall: 'registration',
      needs: 'registered',
      wallVariant: 'registration_wall',
      designVariant: 'inline_panel',
      offerVariant: 'free_account',
      ctaVariant: 'create_free_account',
      ctaUrl: '/user/register/',
      title: 'Keep reading with a free account',
      text: 'This story is free for registered readers. Sign up in a minute to read it and get our daily briefing.',
      cta: 'Create a free account',
    },
    {
      id: 'pay-standard-trial',
      wall: 'pay',
      wallVariant: 'pay_wall',
      designVariant: 'inline_panel',
      offerVariant: 'standard_trial',
      ctaVariant: 'start_free_trial',
      ctaUrl: `${PAYMENT}?plan=individuals_standard_yearly_trial_v1`,
      title: 'This story is for members',
      text: 'Membership gives you every story, our in-depth analysis and the archive. Start with a free trial; cancel any time.',
      cta: 'Start your free trial',
    },
    {
      id: 'pay-annual',
      wall: 'pay',
      wallVariant: 'pay_wall',
      designVariant: 'inline_panel',
      offerVariant: 'annual_trial',
      ctaVariant: 'see_annual_offer',
      ctaUrl: `${PAYMENT}?plan=individual_annual_trial_v1`,
      title: 'This story is for members',
      text: 'Read every story, case study and report for a year, with a free trial first.',
      cta: 'See the annual offer',
    },
    {
      id: 'pay-premium-only',
      wall: 'pay',
      needs: 'premium_only',
      wallVariant: 'pay_wall',
      designVariant: 'inline_panel',
      offerVariant: 'premium',
      ctaVariant: 'see_premium',
      ctaUrl: `${PAYMENT}?plan=individuals_premium_yearly_v1`,
      title: 'This is Premium research',
      text: 'Case studies and our research series are part of Premium membership, with everything else we publish.',
      cta: 'See Premium membership',
    },
    {
      id: 'pay-beauty',
      wall: 'pay',
      needs: 'beauty',
      wallVariant: 'pay_wall',
      designVariant: 'inline_panel',
      offerVariant: 'beauty_package',
      ctaVariant: 'see_beauty_package',
      ctaUrl: '/subscriptions/packages/?packages=beauty',
      title: 'This story is part of the beauty package',
      text: 'Our beauty coverage — brands, retail and the business of the industry — for professionals who work in it.',
      cta: 'See the beauty package',
    },
    {
      id: 'upgrade-premium',
      wall: 'upgrade',
      wallVariant: 'upgrade_wall',
      designVariant: 'inline_panel',
      offerVariant: 'premium_upgrade',
      ctaVariant: 'upgrade_to_premium',
      ctaUrl: '/subscriptions/upgrade/',
      title: 'Upgrade to keep reading',
      text: 'Your membership does not include this story. Upgrade to Premium to read everything we publish.',
      cta: 'See upgrade options',
    },
    {
      id: 'upgrade-beauty',
      wall: 'upgrade',
      needs: 'beauty',
      wallVariant: 'upgrade_wall',
      designVariant: 'inline_panel',
      offerVariant: 'beauty_package',
      ctaVariant: 'add_beauty_package',
      ctaUrl: '/subscriptions/packages/?packages=beauty',
      title: 'Add the beauty package',
      text: 'This story is part of our beauty coverage, which your membership does not include.',
      cta: 'See the beauty package',
    },
  ],
  experiments: [
    {
      id: 'pay-wall-offer-2026-11',
      outcomeId: 'trial-started',
      wall: 'pay',
      needs: 'premium',
      groups: [
        { id: 'payoffer-a', name: 'standard-trial', weight: 50, variant: 'pay-standard-trial' },
        { id: 'payoffer-b', name: 'annual-trial', weight: 50, variant: 'pay-annual' },
      ],
    },
  ],
  nextBestActions: [
    {
      audience: 'anonymous',
      nbaVariant: 'nba_register',
      actionPromoted: 'register',
      title: 'Get more from every visit',
      text: 'A free account lets you follow topics and people, and choose the newsletters you want.',
      cta: 'Create a free account',
      ctaUrl: '/user/register/',
      appText: 'Read on the go: a free account works in our app and on the web.',
    },
    {
      audience: 'registered',
      nbaVariant: 'nba_subscribe',
      actionPromoted: 'subscribe',
      title: 'Read everything we publish',
      text: 'Members read every story, case study and report. Start with a free trial.',
      cta: 'See membership options',
      ctaUrl: '/subscriptions/packages/',
      appText: 'Members get every story in the app too. Start with a free trial.',
    },
    {
      audience: 'member',
      nbaVariant: 'nba_follow',
      actionPromoted: 'follow_topics',
      title: 'Make the site yours',
      text: 'Follow the topics and people you care about and we’ll bring their latest stories together.',
      cta: 'See what you follow',
      ctaUrl: '/user/following/',
    },
  ],
});

/**
 * The rules now: the file's when set (re-read when it changes, checked at most every 10 s), else
 * the defaults. `onChange` runs after an edit was read (not after a broken one).
 */
export function createWallRules({
  file,
  now = () => Date.now(),
  onError = () => {},
  onChange = () => {},
}: { file?: string; now?: () => number; onError?: (error: Error) => void; onChange?: (rules: WallRules) => void } = {}) {
  if (!file) return { current: () => DEFAULT_WALL_RULES };
  let loaded = load(file);
  let mtime = statSync(file).mtimeMs;
  let checkedAt = now();
  return {
    current(): WallRules {
      if (now() - checkedAt < 10_000) return loaded;
      checkedAt = now();
      const changed = statSync(file).mtimeMs;
      if (changed !== mtime) {
        // A broken edit keeps the last good rules; the error says what to fix.
        mtime = changed;
        try {
          loaded = load(file);
        } catch (error) {
          onError(error as Error);
          return loaded;
        }
        onChange(loaded);
      }
      return loaded;
    },
  };
}

export function load(file: string): WallRules {
  const parsed = wallRulesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}
