// Passkeys as the flows keep them: the registration or login options waiting in a flow, and the
// identity's stored passkeys (one `passkey` credential holding them all).
import type { FlowRow } from '../flow-store.ts';
import type { IdentityStore } from '../identity-store.ts';
import type { StoredPasskey } from '../passkeys.ts';

/** The flow with WebAuthn options waiting for the browser's answer (and, at registration, the new account's user handle). */
export function withPasskey(flow: FlowRow, options: { challenge: string }, userHandle?: string): FlowRow {
  return {
    ...flow,
    internal: {
      ...flow.internal,
      pending: {
        ...(flow.internal.pending ?? {}),
        passkey: { challenge: options.challenge, options, ...(userHandle ? { userHandle } : {}) },
      },
    },
  };
}

/** A browser's WebAuthn answer, sent as a JSON string in a form field or as an object. */
export function parseJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value && typeof value === 'object' ? value : null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export function createPasskeyCredentials(identities: IdentityStore) {
  return {
    async stored(identityId: string): Promise<StoredPasskey[]> {
      const credential = await identities.credential(identityId, 'passkey');
      return (credential?.config.credentials as StoredPasskey[] | undefined) ?? [];
    },
    /** Replaces the identity's passkeys; none left removes the credential. */
    async save(identityId: string, passkeys: StoredPasskey[]): Promise<void> {
      if (passkeys.length === 0) await identities.removeCredential(identityId, 'passkey');
      else
        await identities.setCredential(identityId, 'passkey', {
          identifiers: passkeys.map((p) => p.id),
          config: { credentials: passkeys },
        });
    },
  };
}
