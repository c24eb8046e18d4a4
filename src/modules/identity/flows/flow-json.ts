// A flow as Kratos returns it: its fields, the `ui` built from its state (flow-ui.ts), and for
// settings and the aal2 step the identity's traits, sign-in methods and passkeys.
import type { FlowRow } from '../flow-store.ts';
import { buildUi } from '../flow-ui.ts';
import type { FlowContext } from './context.ts';
import { flowParamsJson } from './flow-params.ts';

export function createFlowJson(ctx: FlowContext) {
  const { identities } = ctx;
  const { publicBaseUrl, oidc } = ctx.options;

  const loginFields = (flow: FlowRow) => ({
    refresh: flow.refresh,
    requested_aal: flow.requestedAal,
    created_at: flow.issuedAt.toISOString(),
    updated_at: flow.updatedAt.toISOString(),
    ...flowParamsJson(flow.internal.params),
  });

  return async function flowToJson(flow: FlowRow) {
    const base = {
      id: flow.id,
      type: flow.type,
      expires_at: flow.expiresAt.toISOString(),
      issued_at: flow.issuedAt.toISOString(),
      request_url: flow.requestUrl,
      ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
      ...(flow.active ? { active: flow.active } : {}),
      state: flow.state,
    };
    if (flow.kind === 'settings' || (flow.kind === 'login' && flow.requestedAal === 'aal2')) {
      const identity = flow.identityId ? await identities.get(flow.identityId) : null;
      const credentialTypes = flow.identityId ? await identities.credentialTypes(flow.identityId) : [];
      const ui = buildUi(flow, {
        publicBaseUrl,
        traits: identity?.identity.traits,
        credentialTypes,
        passkeys: flow.identityId ? await ctx.passkeys.stored(flow.identityId) : [],
      });
      if (flow.kind === 'settings') return { ...base, ui, identity: identity ? identities.toJson(identity) : null };
      return { ...base, ui, ...loginFields(flow) };
    }
    const ui = buildUi(flow, { publicBaseUrl, oidcProviders: oidc?.list() });
    if (flow.kind === 'login') return { ...base, ui, ...loginFields(flow) };
    if (flow.kind === 'registration') return { ...base, ui, ...flowParamsJson(flow.internal.params) };
    return { ...base, ui };
  };
}
