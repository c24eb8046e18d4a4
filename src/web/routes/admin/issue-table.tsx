// The newsletter issues as the admin sees them: subject, newsletter, state and when, and the numbers
// (delivered of recipients, bounced, unsubscribed, clicks). /admin/newsletters/, each issue's page
// and /admin/analytics/ show it.
import { Link } from 'react-router';
import type { IssueSummary } from '../../../modules/newsletters/issues-service.ts';
import { adminDateFormat, adminNewsletterPaths, ISSUE_STATE_LABELS } from './newsletter-admin.ts';
// Its styles travel with it: /admin/analytics/ shows it too.
import '../../styles/newsletter-admin.css';

export function serialise({ issue, newsletter, numbers }: IssueSummary) {
  return {
    id: issue.id,
    subject: issue.subject,
    state: issue.state,
    newsletterTitle: newsletter.title,
    storyCount: issue.storySlugs.length,
    personalised: newsletter.newsletterGroup === 'PERSONALISED',
    scheduledAt: issue.scheduledAt?.toISOString() ?? null,
    sentAt: issue.sentAt?.toISOString() ?? null,
    createdAt: issue.createdAt.toISOString(),
    numbers,
  };
}

type Issue = ReturnType<typeof serialise>;

export function IssueTable({ issues }: { issues: readonly Issue[] }) {
  return (
    <div className="issue-table__scroll">
      <table className="issue-table">
        <caption className="visually-hidden">Newsletter issues, newest first, with their numbers</caption>
        <thead>
          <tr>
            <th scope="col">Issue</th>
            <th scope="col">State</th>
            <th scope="col" className="issue-table__number">
              Delivered
            </th>
            <th scope="col" className="issue-table__number">
              Bounced
            </th>
            <th scope="col" className="issue-table__number">
              Unsubscribed
            </th>
            <th scope="col" className="issue-table__number">
              Clicks
            </th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue) => (
            <tr key={issue.id}>
              <th scope="row">
                <Link to={adminNewsletterPaths.issue(issue.id)}>{issue.subject}</Link>
                <span className="issue-table__meta">
                  {issue.newsletterTitle}
                  {' · '}
                  {issue.personalised ? 'personal to each reader' : `${issue.storyCount} ${issue.storyCount === 1 ? 'story' : 'stories'}`}
                </span>
              </th>
              <td>
                <span className={`issue-state issue-state--${issue.state}`}>{ISSUE_STATE_LABELS[issue.state]}</span>
                <span className="issue-table__meta">{when(issue)}</span>
              </td>
              <td className="issue-table__number" data-label="Delivered">
                <span>
                  {issue.numbers.delivered}
                  {issue.numbers.recipients > 0 && <span className="issue-table__meta"> of {issue.numbers.recipients}</span>}
                </span>
              </td>
              <td className="issue-table__number" data-label="Bounced">
                {issue.numbers.bounced}
              </td>
              <td className="issue-table__number" data-label="Unsubscribed">
                {issue.numbers.unsubscribed}
              </td>
              <td className="issue-table__number" data-label="Clicks">
                {issue.numbers.clicks}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function when(issue: Issue): string {
  if (issue.sentAt) return `${adminDateFormat.format(new Date(issue.sentAt))} UTC`;
  if (issue.scheduledAt) return `for ${adminDateFormat.format(new Date(issue.scheduledAt))} UTC`;
  return `composed ${adminDateFormat.format(new Date(issue.createdAt))} UTC`;
}
