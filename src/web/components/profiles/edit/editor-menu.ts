// The account menu on the organisation profile editors: the team's pages and the profiles.
import { paths } from '../../../../shared/paths.ts';
import type { AccountMenuItem } from '../../account-layout.tsx';

export function organisationEditorMenu(): AccountMenuItem[] {
  return [
    { label: 'Personal details', href: `${paths.account()}#details` },
    { label: 'Team members', href: paths.organisationUsers() },
    { label: 'Team plan', href: paths.organisationMemberships() },
    { label: 'Organisation profiles', href: paths.organisationProfiles(), current: true },
    { label: 'Sign out', href: paths.logout() },
  ];
}
