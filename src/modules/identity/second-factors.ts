// TOTP and lookup secrets (backup codes): enrolment in settings and the aal2 sign-in step.
import { consumeLookupSecret, generateLookupSecrets, hashLookupSecret, type StoredLookupSecret } from './credentials/lookup-secrets.ts';
import { createTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './credentials/totp.ts';
import type { FlowRow } from './flow-store.ts';
import type { IdentityStore, IdentityWithAddresses } from './identity-store.ts';
import { messages } from './messages.ts';
import type { UiText } from './schema.ts';

type Body = Record<string, unknown>;
type Check = { ok: true } | { ok: false; nodeMessages: Record<string, UiText[]> };

export const TOTP_ISSUER = 'Atelier';

export function createSecondFactors({ identities, pepper }: { identities: IdentityStore; pepper: string }) {
  return {
    /** The aal2 step of sign-in. */
    async verifyLogin(identityId: string, method: string, body: Body): Promise<Check> {
      if (method === 'totp') {
        const credential = await identities.credential(identityId, 'totp');
        const secret = credential?.config.secret;
        if (typeof secret !== 'string') return { ok: false, nodeMessages: { totp_code: [messages.invalidTotp()] } };
        const step = await verifyTotp({
          secret,
          code: String(body.totp_code ?? ''),
          lastUsedStep: (credential!.config.lastUsedStep as number | undefined) ?? null,
        });
        if (step === null) return { ok: false, nodeMessages: { totp_code: [messages.invalidTotp()] } };
        await identities.setCredential(identityId, 'totp', {
          identifiers: credential!.identifiers,
          config: { ...credential!.config, lastUsedStep: step },
        });
        return { ok: true };
      }
      if (method === 'lookup_secret') {
        const credential = await identities.credential(identityId, 'lookup_secret');
        const stored = (credential?.config.codes ?? []) as StoredLookupSecret[];
        const index = consumeLookupSecret({ stored, code: String(body.lookup_secret ?? ''), pepper });
        if (index < 0) return { ok: false, nodeMessages: { lookup_secret: [messages.invalidLookup()] } };
        const codes = stored.map((entry, i) => (i === index ? { ...entry, usedAt: new Date().toISOString() } : entry));
        await identities.setCredential(identityId, 'lookup_secret', { identifiers: credential!.identifiers, config: { codes } });
        return { ok: true };
      }
      return { ok: false, nodeMessages: { method: [messages.noStrategy()] } };
    },

    /** Settings: enrol or unlink TOTP; reveal, regenerate and confirm backup codes. */
    async updateSettings(
      { identity }: IdentityWithAddresses,
      flow: FlowRow,
      method: 'totp' | 'lookup_secret',
      body: Body,
    ): Promise<{ ok: true; done: boolean; flow: FlowRow } | { ok: false; flow: FlowRow; nodeMessages: Record<string, UiText[]> }> {
      const pending = flow.internal.pending ?? {};
      if (method === 'totp') {
        if (body.totp_unlink === 'true' || body.totp_unlink === true) {
          await identities.removeCredential(identity.id, 'totp');
          return { ok: true, done: true, flow };
        }
        const secret = typeof pending.totpSecret === 'string' ? pending.totpSecret : null;
        if (!secret) return { ok: true, done: false, flow: await withNewTotp(flow, identity.traits.email) };
        const step = await verifyTotp({ secret, code: String(body.totp_code ?? '') });
        if (step === null) return { ok: false, flow, nodeMessages: { totp_code: [messages.invalidTotp()] } };
        await identities.setCredential(identity.id, 'totp', { identifiers: [identity.id], config: { secret, lastUsedStep: step } });
        return {
          ok: true,
          done: true,
          flow: { ...flow, internal: { ...flow.internal, pending: { ...pending, totpSecret: undefined, totpQr: undefined } } },
        };
      }
      if (body.lookup_secret_confirm === 'true' || body.lookup_secret_confirm === true) {
        const codes = pending.lookupCodes as string[] | undefined;
        if (!codes)
          return { ok: false, flow, nodeMessages: { lookup_secret_confirm: [messages.generic('Generate backup recovery codes first.')] } };
        await identities.setCredential(identity.id, 'lookup_secret', {
          identifiers: [identity.id],
          config: { codes: codes.map((code) => ({ hash: hashLookupSecret(code, pepper), usedAt: null })) },
        });
        return { ok: true, done: true, flow: { ...flow, internal: { ...flow.internal, pending: { ...pending, lookupCodes: undefined } } } };
      }
      // Regenerate: show new codes once; they replace the old ones only when confirmed.
      return {
        ok: true,
        done: false,
        flow: {
          ...flow,
          state: 'show_form',
          internal: { ...flow.internal, pending: { ...pending, lookupCodes: generateLookupSecrets() } },
        },
      };
    },

    /** A settings flow shows the TOTP enrolment QR code as soon as it opens. */
    withNewTotp,
  };

  async function withNewTotp(flow: FlowRow, accountName: string): Promise<FlowRow> {
    const secret = createTotpSecret();
    const qr = await totpQrDataUrl(totpUri({ secret, accountName, issuer: TOTP_ISSUER }));
    return { ...flow, internal: { ...flow.internal, pending: { ...(flow.internal.pending ?? {}), totpSecret: secret, totpQr: qr } } };
  }
}
