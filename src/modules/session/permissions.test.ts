import { describe, expect, it } from 'vitest';
import { isMember, isOrganisationAdmin, isSignedIn, isSiteAdmin, principalOf } from './permissions.ts';

const reader = { membershipLevel: 'None', isBofAdmin: false };
const member = { membershipLevel: 'Premium', isBofAdmin: false };
const admin = { membershipLevel: 'None', isBofAdmin: true };

describe('the named permission levels', () => {
  it('signedIn: anyone verified; nobody, or a page’s logged-out user, is not', () => {
    expect(isSignedIn(reader)).toBe(true);
    expect(isSignedIn(null)).toBe(false);
    expect(isSignedIn(undefined)).toBe(false);
    expect(isSignedIn({ ...member, isLoggedIn: false })).toBe(false);
  });

  it('member: a membership level that opens something, in any case; not None or Restricted', () => {
    expect(isMember(member)).toBe(true);
    expect(isMember({ ...member, membershipLevel: ' premium ' })).toBe(true);
    expect(isMember(reader)).toBe(false);
    expect(isMember({ ...reader, membershipLevel: 'none' })).toBe(false);
    expect(isMember({ ...reader, membershipLevel: 'Restricted' })).toBe(false);
    expect(isMember(null)).toBe(false);
  });

  it('siteAdmin: is_bof_admin; organisationAdmin: site staff, or the OWNER or an ADMIN of the account', () => {
    expect(isSiteAdmin(admin)).toBe(true);
    expect(isSiteAdmin(member)).toBe(false);
    expect(isOrganisationAdmin(admin, null)).toBe(true);
    expect(isOrganisationAdmin(member, 'OWNER')).toBe(true);
    expect(isOrganisationAdmin(member, 'ADMIN')).toBe(true);
    expect(isOrganisationAdmin(member, 'USER')).toBe(false);
    expect(isOrganisationAdmin(member, null)).toBe(false);
    expect(isOrganisationAdmin(null, 'OWNER')).toBe(false);
  });

  it('reads the verified main token’s claims', () => {
    expect(principalOf({ membership_level: 'Premium', is_bof_admin: true })).toEqual({ membershipLevel: 'Premium', isBofAdmin: true });
    expect(principalOf(null)).toBeNull();
  });
});
