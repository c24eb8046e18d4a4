// A term through its life: not started, running, ended; and what it grants at each point.
import { describe, expect, it } from 'vitest';
import { ACTIVE_MEMBERSHIP_STATUSES, isActiveStatus, MEMBERSHIP_STATUSES } from '../../shared/membership.ts';
import { betterMembership, heldMembership, laneOf, membershipStatus, type Term } from './terms.ts';

const START = new Date('2026-01-01T00:00:00Z');
const END = new Date('2027-01-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

describe('membershipStatus (§4)', () => {
  it('is None without a term, and before the term starts', () => {
    expect(membershipStatus(null, START)).toBe('None');
    expect(membershipStatus({ status: 'ActiveRenewing', startsAt: START, endsAt: END }, at('2025-12-31T23:59:59Z'))).toBe('None');
  });

  it("is the term's own status from its start until its end, for each way a term runs", () => {
    for (const status of ACTIVE_MEMBERSHIP_STATUSES) {
      const term: Term = { status, startsAt: START, endsAt: END };
      expect([membershipStatus(term, START), membershipStatus(term, at('2026-12-31T23:59:59.999Z'))]).toEqual([status, status]);
    }
  });

  it('is Expired from the end on (the end is exclusive), whatever the term was', () => {
    for (const status of ACTIVE_MEMBERSHIP_STATUSES) {
      const term: Term = { status, startsAt: START, endsAt: END };
      expect([membershipStatus(term, END), membershipStatus(term, at('2030-01-01T00:00:00Z'))]).toEqual(['Expired', 'Expired']);
    }
  });

  it('never expires a term without an end', () => {
    expect(membershipStatus({ status: 'ActiveRenewing', startsAt: START, endsAt: null }, at('2099-01-01T00:00:00Z'))).toBe(
      'ActiveRenewing',
    );
  });
});

describe('isActiveStatus', () => {
  it('holds for the three Active statuses only', () => {
    expect(MEMBERSHIP_STATUSES.filter(isActiveStatus)).toEqual(['ActiveCanceled', 'ActiveRenewing', 'ActiveTrial']);
    expect(isActiveStatus('active')).toBe(false);
  });
});

describe('heldMembership', () => {
  const premium = { level: 'Premium', type: 'Group', planCode: 'organisations_bundle_volume_yearly_v1', groupAccountId: 'org-1' } as const;

  it('grants the level, type, plan and group while active (a canceled term until it ends)', () => {
    expect(heldMembership({ ...premium, status: 'ActiveCanceled' })).toEqual(premium);
  });

  it('grants None/None and no plan when expired or when there is no membership', () => {
    const nothing = { level: 'None', type: 'None', planCode: null, groupAccountId: null };
    expect(heldMembership({ ...premium, status: 'Expired' })).toEqual(nothing);
    expect(heldMembership(null)).toEqual(nothing);
  });
});

describe('two lanes: their own membership and an organisation seat', () => {
  it('puts a term with a group account in the group lane, anything else in their own', () => {
    expect(laneOf({ groupAccountId: 'org-1' })).toBe('group');
    expect(laneOf({ groupAccountId: null })).toBe('individual');
  });

  it.each([
    ['a seat opening more wins', ['Standard', 'ActiveRenewing'], ['Premium', 'ActiveRenewing'], 'group'],
    ['their own opening more wins', ['AllAccess', 'ActiveCanceled'], ['Premium', 'ActiveRenewing'], 'individual'],
    ['a tie keeps their own', ['Premium', 'ActiveTrial'], ['Premium', 'ActiveRenewing'], 'individual'],
    ['active beats expired', ['AllAccess', 'Expired'], ['Standard', 'ActiveRenewing'], 'group'],
    ['expired seat, active own', ['Standard', 'ActiveRenewing'], ['AllAccess', 'Expired'], 'individual'],
    ['beauty topic against standard seat', ['TopicBeauty', 'ActiveRenewing'], ['Standard', 'ActiveRenewing'], 'group'],
  ] as const)('%s', (_name, [ownLevel, ownStatus], [seatLevel, seatStatus], winner) => {
    const own = { level: ownLevel, status: ownStatus, lane: 'individual' };
    const seat = { level: seatLevel, status: seatStatus, lane: 'group' };
    expect(betterMembership(own, seat)?.lane).toBe(winner);
  });

  it('gives the one there is, or null', () => {
    const own = { level: 'Standard', status: 'ActiveRenewing' as const };
    expect(betterMembership(own, null)).toBe(own);
    expect(betterMembership(null, own)).toBe(own);
    expect(betterMembership(null, null)).toBeNull();
  });
});
