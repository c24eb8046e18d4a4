// The account menu on the organisation profile editors and the partner hub: the team's pages,
// the profiles and their numbers.
import { paths } from '../../../../shared/paths.ts';
import type { AccountMenuItem } from '../../account-layout.tsx';

export function organisationEditorMenu(current: 'profiles' | 'partner' = 'profiles'): AccountMenuItem[] {
  return [
    { label: 'Personal details', href: `${paths.account()}#details` },
    { label: 'Team members', href: paths.organisationUsers() },
    { label: 'Team plan', href: paths.organisationMemberships() },
    { label: 'Organisation profiles', href: paths.organisationProfiles(), current: current === 'profiles' },
    { label: 'Partner hub', href: paths.partnerHub(), current: current === 'partner' },
    { label: 'Sign out', href: paths.logout() },
  ];
}
