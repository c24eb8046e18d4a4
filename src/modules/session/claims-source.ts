// Where the facts in the main token come from. The session module knows the identity (user id,
// email, first login); membership and user-data facts belong to other domains (billing, accounts),
// which plug in a ClaimsSource of their own instead of this module reading their tables.
import type { People } from '../identity/people.ts';

/** The facts a ClaimsSource may supply; names follow SessionUser (§3). */
export interface ClaimFacts {
  /** §4 membership level: AllAccess, …, None. */
  membershipLevel: string;
  /** §4 membership type: Group, Individual, None, Partner, Student. */
  membershipType: string;
  isBofAdmin: boolean;
  isUserDataComplete: boolean;
  isChallenged: boolean;
  unclaimedMembershipAccountId: string | null;
}

export interface ClaimsSource {
  /** What this source knows about the identity; the rest comes from earlier sources or defaults. */
  claimsFor(identityId: string): Promise<Partial<ClaimFacts>>;
}

export const DEFAULT_CLAIM_FACTS: Readonly<ClaimFacts> = Object.freeze({
  membershipLevel: 'None',
  membershipType: 'None',
  isBofAdmin: false,
  isUserDataComplete: false,
  isChallenged: false,
  unclaimedMembershipAccountId: null,
});

/**
 * Facts the identity itself holds: admin from `metadata_admin.is_bof_admin === true` (only the
 * admin API can set it), user data complete once first and last name are set (the accounts issue
 * replaces this with its own rule).
 */
export function identityClaimsSource(people: Pick<People, 'get'>): ClaimsSource {
  return {
    async claimsFor(identityId) {
      const person = await people.get(identityId);
      if (!person) return {};
      return {
        isBofAdmin: person.isSiteAdmin,
        isUserDataComplete: Boolean(person.firstName?.trim() && person.lastName?.trim()),
      };
    },
  };
}

/** All sources asked at once; a later source's answer wins over an earlier one's. */
export function combineClaimsSources(...sources: ClaimsSource[]): ClaimsSource {
  return {
    async claimsFor(identityId) {
      const answers = await Promise.all(sources.map((source) => source.claimsFor(identityId)));
      const facts: Partial<ClaimFacts> = {};
      for (const answer of answers) {
        // A source that does not know a fact leaves it to the others.
        for (const [name, value] of Object.entries(answer)) if (value !== undefined) Object.assign(facts, { [name]: value });
      }
      return facts;
    },
  };
}
