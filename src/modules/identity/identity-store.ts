// Identities, their addresses and credentials: reads, writes and the Kratos JSON shape.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { identities, identityAddresses, identityCredentials, type CredentialType, type IdentityTraits } from './schema.ts';
import { IDENTITY_SCHEMA_ID, normaliseIdentifier } from './traits.ts';

export type IdentityRow = typeof identities.$inferSelect;
export type AddressRow = typeof identityAddresses.$inferSelect;
export type CredentialRow = typeof identityCredentials.$inferSelect;

export interface IdentityWithAddresses {
  identity: IdentityRow;
  addresses: AddressRow[];
}

export function createIdentityStore({ db, publicBaseUrl }: { db: Db; publicBaseUrl: string }) {
  async function addresses(identityId: string): Promise<AddressRow[]> {
    return db.select().from(identityAddresses).where(eq(identityAddresses.identityId, identityId)).orderBy(identityAddresses.createdAt);
  }

  return {
    async create({
      traits,
      verified = false,
      now = new Date(),
      id = randomUUID(),
    }: {
      traits: IdentityTraits;
      verified?: boolean;
      now?: Date;
      id?: string;
    }): Promise<IdentityWithAddresses> {
      return db.transaction(async (tx) => {
        const [identity] = await tx
          .insert(identities)
          .values({ id, traits, createdAt: now, updatedAt: now, stateChangedAt: now })
          .returning();
        const email = normaliseIdentifier(traits.email);
        const rows = await tx
          .insert(identityAddresses)
          .values([
            {
              id: randomUUID(),
              identityId: id,
              kind: 'verifiable',
              value: email,
              verified,
              status: verified ? 'completed' : 'pending',
              verifiedAt: verified ? now : null,
            },
            { id: randomUUID(), identityId: id, kind: 'recovery', value: email },
          ])
          .returning();
        await tx
          .update(identities)
          .set({ metadataPublic: { user_id: String(identity!.userNumber) } })
          .where(eq(identities.id, id));
        return { identity: { ...identity!, metadataPublic: { user_id: String(identity!.userNumber) } }, addresses: rows };
      });
    },

    async get(id: string): Promise<IdentityWithAddresses | null> {
      const [identity] = await db.select().from(identities).where(eq(identities.id, id));
      return identity ? { identity, addresses: await addresses(id) } : null;
    },

    /** The identity with this public user number (`metadata_public.user_id`). */
    async getByUserNumber(userNumber: number): Promise<IdentityWithAddresses | null> {
      const [identity] = await db.select().from(identities).where(eq(identities.userNumber, userNumber));
      return identity ? { identity, addresses: await addresses(identity.id) } : null;
    },

    /** The identity whose email (a credential identifier or a verifiable address) matches. */
    async findByIdentifier(identifier: string): Promise<IdentityRow | null> {
      const value = normaliseIdentifier(identifier);
      const [row] = await db
        .select({ identity: identities })
        .from(identityAddresses)
        .innerJoin(identities, eq(identities.id, identityAddresses.identityId))
        .where(and(eq(identityAddresses.kind, 'verifiable'), eq(identityAddresses.value, value)))
        .limit(1);
      return row?.identity ?? null;
    },

    /** The identity holding a credential of this type with this identifier (e.g. oidc google:123). */
    async findByCredential(type: CredentialType, identifier: string): Promise<IdentityRow | null> {
      const [row] = await db
        .select({ identity: identities })
        .from(identityCredentials)
        .innerJoin(identities, eq(identities.id, identityCredentials.identityId))
        .where(and(eq(identityCredentials.type, type), sql`${identifier} = any(${identityCredentials.identifiers})`))
        .limit(1);
      return row?.identity ?? null;
    },

    async credential(identityId: string, type: CredentialType): Promise<CredentialRow | null> {
      const [row] = await db
        .select()
        .from(identityCredentials)
        .where(and(eq(identityCredentials.identityId, identityId), eq(identityCredentials.type, type)));
      return row ?? null;
    },

    async credentialTypes(identityId: string): Promise<CredentialType[]> {
      const rows = await db
        .select({ type: identityCredentials.type })
        .from(identityCredentials)
        .where(eq(identityCredentials.identityId, identityId));
      return rows.map((r) => r.type);
    },

    async setCredential(
      identityId: string,
      type: CredentialType,
      { identifiers, config }: { identifiers: string[]; config: Record<string, unknown> },
    ): Promise<void> {
      await db
        .insert(identityCredentials)
        .values({ id: randomUUID(), identityId, type, identifiers, config })
        .onConflictDoUpdate({
          target: [identityCredentials.identityId, identityCredentials.type],
          set: { identifiers, config, updatedAt: new Date(), version: sql`${identityCredentials.version} + 1` },
        });
    },

    async removeCredential(identityId: string, type: CredentialType): Promise<void> {
      await db.delete(identityCredentials).where(and(eq(identityCredentials.identityId, identityId), eq(identityCredentials.type, type)));
    },

    async markVerified(identityId: string, address: string, now = new Date()): Promise<void> {
      await db
        .update(identityAddresses)
        .set({ verified: true, status: 'completed', verifiedAt: now, updatedAt: now })
        .where(
          and(
            eq(identityAddresses.identityId, identityId),
            eq(identityAddresses.kind, 'verifiable'),
            eq(identityAddresses.value, normaliseIdentifier(address)),
          ),
        );
    },

    async markSent(identityId: string, address: string): Promise<void> {
      await db
        .update(identityAddresses)
        .set({ status: 'sent', updatedAt: new Date() })
        .where(
          and(
            eq(identityAddresses.identityId, identityId),
            eq(identityAddresses.kind, 'verifiable'),
            eq(identityAddresses.value, normaliseIdentifier(address)),
            eq(identityAddresses.verified, false),
          ),
        );
    },

    /** New traits; a changed email becomes a new, unverified address and the credentials' identifier. */
    async updateTraits(identityId: string, traits: IdentityTraits): Promise<void> {
      const now = new Date();
      const email = normaliseIdentifier(traits.email);
      await db.transaction(async (tx) => {
        await tx.update(identities).set({ traits, updatedAt: now }).where(eq(identities.id, identityId));
        const current = await tx.select().from(identityAddresses).where(eq(identityAddresses.identityId, identityId));
        for (const kind of ['verifiable', 'recovery'] as const) {
          const existing = current.find((a) => a.kind === kind);
          if (existing && existing.value !== email) {
            await tx
              .update(identityAddresses)
              .set({ value: email, verified: false, status: 'pending', verifiedAt: null, updatedAt: now })
              .where(eq(identityAddresses.id, existing.id));
          }
        }
        await tx
          .update(identityCredentials)
          .set({ identifiers: [email], updatedAt: now })
          .where(
            and(
              eq(identityCredentials.identityId, identityId),
              sql`${identityCredentials.type} in ('password','code','webauthn','passkey')`,
            ),
          );
      });
    },

    /** metadata_admin (Kratos's admin API writes it; here only the admin calls in identity-admin.ts). */
    async setMetadataAdmin(identityId: string, metadataAdmin: Record<string, unknown>): Promise<void> {
      await db.update(identities).set({ metadataAdmin }).where(eq(identities.id, identityId));
    },

    /** Is this email taken by another identity? */
    async emailInUse(email: string, exceptIdentityId?: string): Promise<boolean> {
      const found = await this.findByIdentifier(email);
      return Boolean(found && found.id !== exceptIdentityId);
    },

    /** The Kratos `identity` object (credentials stripped, as whoami returns it). */
    toJson({ identity, addresses: rows }: IdentityWithAddresses, { admin = false } = {}) {
      return {
        id: identity.id,
        schema_id: identity.schemaId || IDENTITY_SCHEMA_ID,
        schema_url: `${publicBaseUrl}/schemas/${identity.schemaId || IDENTITY_SCHEMA_ID}`,
        state: identity.state,
        state_changed_at: identity.stateChangedAt?.toISOString(),
        traits: identity.traits,
        verifiable_addresses: rows
          .filter((a) => a.kind === 'verifiable')
          .map((a) => ({
            id: a.id,
            value: a.value,
            verified: a.verified,
            via: a.via,
            status: a.status,
            ...(a.verifiedAt ? { verified_at: a.verifiedAt.toISOString() } : {}),
            created_at: a.createdAt.toISOString(),
            updated_at: a.updatedAt.toISOString(),
          })),
        recovery_addresses: rows
          .filter((a) => a.kind === 'recovery')
          .map((a) => ({
            id: a.id,
            value: a.value,
            via: a.via,
            created_at: a.createdAt.toISOString(),
            updated_at: a.updatedAt.toISOString(),
          })),
        metadata_public: identity.metadataPublic ?? null,
        ...(admin ? { metadata_admin: identity.metadataAdmin ?? null } : {}),
        created_at: identity.createdAt.toISOString(),
        updated_at: identity.updatedAt.toISOString(),
      };
    },
  };
}

export type IdentityStore = ReturnType<typeof createIdentityStore>;
