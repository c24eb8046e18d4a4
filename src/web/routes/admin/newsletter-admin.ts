// The newsletter admin pages' addresses and words, shared by the list, the issue page and the nav.
import type { IssueState } from '../../../modules/newsletters/schema.ts';
import type { PreviewReader } from '../../../modules/newsletters/issues-service.ts';

export const adminNewsletterPaths = {
  list: () => '/admin/newsletters/',
  issue: (id: string) => `/admin/newsletters/${id}/`,
  preview: (id: string, as: PreviewReader) => `/admin/newsletters/${id}/preview/?as=${as}`,
};

export const ISSUE_STATE_LABELS: Record<IssueState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

export const PREVIEW_READER_LABELS: Record<PreviewReader, string> = {
  anonymous: 'A reader without an account',
  registered: 'A registered reader',
  member: 'A Standard member',
};

export const adminDateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
