// How gift quotas are worded, for the story page's gift dialog, the gifts page and the service's
// refusals. Apart from gift-rules.ts (zod schemas) so the story page loads no validator (issue 15).
import { longDate } from '../../shared/dates.ts';

/** This month's allowance. */
export interface GiftQuota {
  limit: number;
  used: number;
  remaining: number;
  /** The first instant of next month (UTC), when `used` starts again from 0. */
  resetsAt: string;
}

/** "You have 3 of 10 gift links left this month." */
export function quotaSentence(quota: GiftQuota): string {
  const links = (n: number) => `${n} gift link${n === 1 ? '' : 's'}`;
  return quota.remaining === 0
    ? `You have used all ${links(quota.limit)} for this month. You can share more from ${longDate(quota.resetsAt)}.`
    : `You have ${quota.remaining} of ${links(quota.limit)} left this month.`;
}

/** The refusal when the month's allowance is used up: how many are left (none) and when it resets. */
export function quotaExhaustedMessage(quota: GiftQuota): string {
  return `You have used all ${quota.limit} of this month’s gift links, so none are left. Your allowance resets on ${longDate(quota.resetsAt)}.`;
}
