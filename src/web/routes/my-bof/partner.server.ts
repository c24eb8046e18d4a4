// /my-bof/partner/ (§2, issue 18): the partner hub. For each organisation the reader is OWNER or
// ADMIN of, its profiles' numbers over a period: views and visitors, followers (and how many are
// new), links followed out, and per job the clicks and the saves. Read through the analytics,
// follows, careers and profiles services; who may see them is the organisations module's role.
import { data, type AppLoadContext } from 'react-router';
import { dashboardPeriod, DASHBOARD_PERIODS, dashboardRange } from '../../../modules/analytics/dashboard.ts';
import { paths } from '../../../shared/paths.ts';
import { previewActor } from '../profiles/profile-page.server.ts';

export async function partnerHubLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  const actor = await previewActor(context, request);
  const days = dashboardPeriod(new URL(request.url).searchParams.get('days'));
  const { organisations, profiles, analytics, follows, careers } = context.services;
  const accounts = await organisations.accountsOf(actor.identityId);
  const managed = accounts.filter((account) => account.role === 'OWNER' || account.role === 'ADMIN');
  if (managed.length === 0) {
    const reason =
      accounts.length > 0
        ? `The partner hub is for an organisation’s owner and admins. Ask the owner of ${accounts[0]!.title} for its numbers.`
        : 'The partner hub is for the owners and admins of organisations with a profile here.';
    return data({ kind: 'refused' as const, reason }, { status: 403 });
  }

  const range = dashboardRange(days, new Date());
  const groups = await Promise.all(
    managed.map(async (account) => {
      const ids = await profiles.organisationProfileIdsOf(account.accountId);
      const listed = await profiles.jobsOf(ids);
      const jobUrls = listed.flatMap((profile) => profile.jobs.map((job) => job.url));
      const [numbers, followers, saves] = await Promise.all([
        analytics.profileNumbers({ profileIds: listed.map((p) => p.profileId), jobUrls, days }),
        follows.followerCounts({ followsType: 'ORGANISATION_PROFILE_ID', followsKeys: listed.map((p) => p.profileId), since: range.from }),
        careers.savesPerJob(listed.map((p) => p.profileId)),
      ]);
      return {
        accountId: account.accountId,
        title: account.title,
        // Profiles not published yet have no public page, so nothing to count.
        unpublished: ids.length - listed.length,
        profiles: listed.map((profile) => {
          const counted = numbers.find((n) => n.profileId === profile.profileId);
          const followed = followers.find((f) => f.followsKey === profile.profileId);
          return {
            profileId: profile.profileId,
            title: profile.title,
            publicUrl: paths.organisation(profile.slug),
            editUrl: paths.organisationProfileEditor(profile.profileId),
            views: counted?.views ?? 0,
            visitors: counted?.visitors ?? 0,
            linkClicks: counted?.linkClicks ?? 0,
            followers: followed?.followers ?? 0,
            newFollowers: followed?.newFollowers ?? 0,
            jobs: profile.jobs.map((job) => ({
              jobId: job.jobId,
              title: job.title,
              location: job.location,
              clicks: counted?.jobClicks.find((click) => click.url === job.url)?.clicks ?? 0,
              saves: saves.find((s) => s.profileId === profile.profileId && s.jobId === job.jobId)?.saves ?? 0,
            })),
          };
        }),
      };
    }),
  );
  return { kind: 'hub' as const, days, periods: DASHBOARD_PERIODS, from: range.days[0]!, to: range.days.at(-1)!, groups };
}
