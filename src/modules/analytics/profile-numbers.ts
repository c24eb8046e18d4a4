// The partner hub's numbers (issue 18, /my-bof/partner/): for an organisation's profiles, over the
// dashboard's periods, how often each was viewed and by how many visitors, the links followed out
// of it, and how often each of its jobs was opened — aggregated in the database from the good
// events (user_view_profile, user_click_profile_link with the §5 profile fields).
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { EventName } from '../../shared/analytics/events.ts';
import { dashboardRange, inRange, int, named, visitor } from './dashboard.ts';
import { analyticsEvents as e } from './schema.ts';

const PROFILE_VIEW_EVENT = 'user_view_profile' satisfies EventName;
const PROFILE_LINK_EVENT = 'user_click_profile_link' satisfies EventName;

export interface ProfileNumbers {
  profileId: string;
  views: number;
  visitors: number;
  linkClicks: number;
  /** Clicks on each job link (by its address), jobs never clicked left out. */
  jobClicks: { url: string; clicks: number }[];
}

export async function readProfileNumbers(
  db: Db,
  { profileIds, jobUrls, days, now = new Date() }: { profileIds: readonly string[]; jobUrls: readonly string[]; days: number; now?: Date },
): Promise<ProfileNumbers[]> {
  if (profileIds.length === 0) return [];
  const range = dashboardRange(days, now);
  const profileId = sql<string>`${e.data}->>'profile_id'`;
  const targetUrl = sql<string>`${e.data}->>'target_url'`;
  const ofProfiles = inArray(profileId, [...profileIds]);
  const [totals, jobs] = await Promise.all([
    db
      .select({
        profileId,
        views: int(sql`count(*) filter (where ${named(PROFILE_VIEW_EVENT)})`),
        visitors: int(sql`count(distinct ${visitor}) filter (where ${named(PROFILE_VIEW_EVENT)})`),
        linkClicks: int(sql`count(*) filter (where ${named(PROFILE_LINK_EVENT)})`),
      })
      .from(e)
      .where(and(inRange(range, [PROFILE_VIEW_EVENT, PROFILE_LINK_EVENT]), ofProfiles))
      .groupBy(sql`1`),
    jobUrls.length === 0
      ? Promise.resolve([])
      : db
          .select({ profileId, url: targetUrl, clicks: int(sql`count(*)`) })
          .from(e)
          .where(and(inRange(range, [PROFILE_LINK_EVENT]), ofProfiles, inArray(targetUrl, [...jobUrls])))
          .groupBy(sql`1`, sql`2`),
  ]);
  return profileIds.map((id) => {
    const total = totals.find((row) => row.profileId === id);
    return {
      profileId: id,
      views: total?.views ?? 0,
      visitors: total?.visitors ?? 0,
      linkClicks: total?.linkClicks ?? 0,
      jobClicks: jobs.filter((row) => row.profileId === id).map(({ url, clicks }) => ({ url, clicks })),
    };
  });
}
