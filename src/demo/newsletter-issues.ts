// Two sent newsletter issues for the demo (decision 048), through the issues service as an admin
// would send them: The Daily Digest with a free and a members' story (so each demo reader's copy
// shows what the walls decide for them), and The Week Ahead from the latest of a topic. Their
// deliveries go to the demo accounts subscribed to them (newsletter-subscriptions.ts), through the
// mail module (the dev mailbox when no SMTP server is set). Once: nothing when any issue exists.
import { stableUuid } from '../db/stable-id.ts';
import type { ContentService } from '../modules/content/content-service.ts';
import type { IssuesService } from '../modules/newsletters/issues-service.ts';

export async function seedDemoNewsletterIssues({
  issues,
  content,
  adminUserId,
}: {
  issues: Pick<IssuesService, 'list' | 'compose' | 'schedule' | 'runSend'>;
  content: Pick<ContentService, 'listLatest' | 'listTopics'>;
  adminUserId: string;
}): Promise<string[]> {
  if ((await issues.list({ limit: 1 })).length > 0) return [];
  const latest = await content.listLatest({ limit: 40 });
  const free = latest.find((story) => story.access === 'free');
  const members = latest.find((story) => story.access === 'premium');
  const topic = (await content.listTopics()).find((t) => t.kind === 'topic');
  if (!free || !members || !topic) return [];
  const drafts = [
    {
      newsletterId: stableUuid('newsletter', 'the-daily-digest'),
      subject: 'The Daily Digest: what to know this morning',
      intro: 'Two stories to start the day: one for everyone, one for members.',
      storySlugs: [free.slug, members.slug].join('\n'),
      topicSlug: '',
    },
    {
      newsletterId: stableUuid('newsletter', 'the-week-ahead'),
      subject: `The Week Ahead in ${topic.name}`,
      intro: `The newest from ${topic.name}, chosen for the week.`,
      storySlugs: '',
      topicSlug: topic.slug,
    },
  ];
  const sent: string[] = [];
  for (const draft of drafts) {
    const composed = await issues.compose(draft, adminUserId);
    if (!composed.ok) throw new Error(`demo issue “${draft.subject}”: ${composed.fieldErrors.map((e) => e.message).join('; ')}`);
    await issues.schedule({ issueId: composed.issue.id, at: new Date() });
    await issues.runSend(composed.issue.id);
    sent.push(composed.issue.subject);
  }
  return sent;
}
