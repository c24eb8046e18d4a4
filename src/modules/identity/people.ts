// The people port: what other modules may know about an identity, without its tables or its store.
// Reads answer with a small `Person`; the few writes other modules need (account details) are named
// here too, so the identity store stays inside this module.
import type { CredentialType, IdentityTraits } from './schema.ts';
import type { AddressRow, IdentityStore, IdentityRow } from './identity-store.ts';
import { normaliseIdentifier } from './traits.ts';

/** One person as the rest of the product sees them. */
export interface Person {
  identityId: string;
  /** The public user number (`metadata_public.user_id`), null only for an identity still being created. */
  userId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  active: boolean;
  /** `metadata_admin.is_bof_admin`: the site's own staff. */
  isSiteAdmin: boolean;
  /** `metadata_public.quilt_beta_tester`: early access to the Quilt beta, granted by an admin. */
  isQuiltBetaTester: boolean;
  /**
   * The email trait's verifiable address is verified: a code or link sent to it was used, the
   * social provider vouched for it, or the account was made verified (demo seed, admin).
   */
  emailVerified: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface People {
  get(identityId: string): Promise<Person | null>;
  /** The person with this public user number (the user id tokens and follows name), or null. */
  findByUserId(userId: string): Promise<Person | null>;
  /** The person whose email (a sign-in identifier or a verifiable address) matches. */
  findByEmail(email: string): Promise<Person | null>;
  /** The sign-in methods the person has set up (password, totp, passkey, oidc, code …). */
  credentialTypes(identityId: string): Promise<CredentialType[]>;
  emailInUse(email: string, exceptIdentityId?: string): Promise<boolean>;
  /** Sets first and last name, leaving the other traits as they are. */
  rename(identityId: string, name: { first: string; last: string }): Promise<void>;
  /**
   * Replaces the email trait. Its new address starts unverified, unless `verifiedAt` says when it was
   * proved (a code sent to it was entered).
   */
  changeEmail(identityId: string, email: string, options?: { verifiedAt?: Date }): Promise<void>;
}

/** `addresses`: the identity's addresses; without them the email reads as unverified. */
export function personOf(identity: IdentityRow, addresses: readonly AddressRow[] = []): Person {
  const userId = identity.metadataPublic?.user_id;
  const email = normaliseIdentifier(identity.traits.email);
  return {
    identityId: identity.id,
    userId: typeof userId === 'string' || typeof userId === 'number' ? String(userId) : null,
    email: identity.traits.email,
    firstName: identity.traits.name?.first ?? null,
    lastName: identity.traits.name?.last ?? null,
    active: identity.state === 'active',
    isSiteAdmin: identity.metadataAdmin?.is_bof_admin === true,
    isQuiltBetaTester: identity.metadataPublic?.quilt_beta_tester === true,
    emailVerified: addresses.some((address) => address.kind === 'verifiable' && address.verified && address.value === email),
    createdAt: identity.createdAt,
    updatedAt: identity.updatedAt,
  };
}

export function createPeople(identities: IdentityStore): People {
  async function traitsOf(identityId: string): Promise<IdentityTraits> {
    const found = await identities.get(identityId);
    if (!found) throw new Error(`identity ${identityId} not found`);
    return found.identity.traits;
  }
  return {
    async get(identityId) {
      const found = await identities.get(identityId);
      return found ? personOf(found.identity, found.addresses) : null;
    },
    async findByUserId(userId) {
      if (!/^\d{1,15}$/.test(userId)) return null;
      const found = await identities.getByUserNumber(Number(userId));
      return found ? personOf(found.identity, found.addresses) : null;
    },
    async findByEmail(email) {
      const found = await identities.findByIdentifier(email);
      if (!found) return null;
      const withAddresses = await identities.get(found.id);
      return withAddresses ? personOf(withAddresses.identity, withAddresses.addresses) : personOf(found);
    },
    credentialTypes: (identityId) => identities.credentialTypes(identityId),
    emailInUse: (email, exceptIdentityId) => identities.emailInUse(email, exceptIdentityId),
    async rename(identityId, name) {
      await identities.updateTraits(identityId, { ...(await traitsOf(identityId)), name });
    },
    async changeEmail(identityId, email, { verifiedAt } = {}) {
      await identities.updateTraits(identityId, { ...(await traitsOf(identityId)), email });
      if (verifiedAt) await identities.markVerified(identityId, email, verifiedAt);
    },
  };
}
