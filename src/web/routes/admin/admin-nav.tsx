// The admin screens' own navigation (/admin/analytics/, /admin/enquiries/, /admin/newsletters/), and the page a signed-in
// reader without the admin role sees instead of one of them.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { adminNewsletterPaths } from './newsletter-admin.ts';

const ADMIN_PAGES = [
  { key: 'analytics', label: 'Analytics', href: paths.adminAnalytics() },
  { key: 'enquiries', label: 'Enquiries', href: paths.adminEnquiries() },
  { key: 'events', label: 'Events', href: paths.adminEvents() },
  { key: 'newsletters', label: 'Newsletters', href: adminNewsletterPaths.list() },
  { key: 'profiles', label: 'Profiles', href: paths.adminProfiles() },
] as const;

export function AdminNav({ current }: { current: (typeof ADMIN_PAGES)[number]['key'] }) {
  return (
    <nav className="period-switch admin-nav" aria-label="Admin">
      <ul className="list-plain">
        {ADMIN_PAGES.map((page) => (
          <li key={page.key}>
            <Link to={page.href} className="period-switch__link" aria-current={page.key === current ? 'page' : undefined}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminForbidden({ what }: { what: string }) {
  return (
    <div className="wrap error-page">
      <p className="kicker">Error 403</p>
      <h1 className="display">This page is for administrators</h1>
      <p className="standfirst">
        Your account cannot open {what}. If you need them for your work, ask an administrator to give your account access, then sign in
        again.
      </p>
      <p>
        <Link to={paths.home()} className="button">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
