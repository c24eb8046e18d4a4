// The identity admin calls (Kratos serves these on its admin API; here they are in-process only):
// what the demo seed needs to create its accounts, so no caller needs the identity store.
import { hashPassword, type Argon2Params } from './credentials/password.ts';
import type { IdentityStore } from './identity-store.ts';
import { personOf, type Person } from './people.ts';
import { normaliseIdentifier } from './traits.ts';

export interface NewIdentity {
  email: string;
  firstName: string;
  lastName: string;
  /** The address counts as proved (no verification email). */
  verified?: boolean;
}

export interface IdentityAdmin {
  /** An active identity without any credential yet (it cannot sign in until one is set). */
  create(input: NewIdentity): Promise<Person>;
  /**
   * Sets (or replaces) the identity's password, past the password policy that registration and
   * settings apply: for accounts whose password is public on purpose (the demo), never a person's.
   * A `hashedPassword` (credentials/password.ts hashPassword) lets one hash serve many accounts.
   */
  setPassword(identityId: string, secret: { password: string } | { hashedPassword: string }): Promise<void>;
  /** metadata_admin.is_bof_admin: the site's own staff (Person.isSiteAdmin). */
  setSiteAdmin(identityId: string, isSiteAdmin: boolean): Promise<void>;
}

export function createIdentityAdmin(identities: IdentityStore, { passwordParams }: { passwordParams?: Argon2Params }): IdentityAdmin {
  async function existing(identityId: string) {
    const found = await identities.get(identityId);
    if (!found) throw new Error(`identity ${identityId} not found`);
    return found.identity;
  }
  return {
    async create({ email, firstName, lastName, verified = false }) {
      const created = await identities.create({ traits: { email, name: { first: firstName, last: lastName } }, verified });
      return personOf(created.identity, created.addresses);
    },
    async setPassword(identityId, secret) {
      const identity = await existing(identityId);
      const hashedPassword =
        'hashedPassword' in secret ? secret.hashedPassword : await hashPassword(secret.password, { params: passwordParams });
      await identities.setCredential(identityId, 'password', {
        identifiers: [normaliseIdentifier(identity.traits.email)],
        config: { hashedPassword },
      });
    },
    async setSiteAdmin(identityId, isSiteAdmin) {
      const identity = await existing(identityId);
      await identities.setMetadataAdmin(identityId, { ...(identity.metadataAdmin ?? {}), is_bof_admin: isSiteAdmin });
    },
  };
}
