// Builds each flow's `ui` (action, nodes, messages) from its kind, state and remembered values.
// Kratos's node order is kept: default group first, then each method's group.
import { messages } from './messages.ts';
import {
  anchor,
  attachNodeMessages,
  csrfNode,
  image,
  input,
  submit,
  text,
  traitNodes,
  trigger,
  webauthnScriptNode,
  type UiContainer,
  type UiNode,
} from './nodes.ts';
import type { StoredPasskey } from './passkeys.ts';
import type { FlowRow } from './flow-store.ts';
import type { CredentialType, IdentityTraits, UiText } from './schema.ts';

export interface FlowUiContext {
  publicBaseUrl: string;
  /** Settings: the identity's traits and credential types; login aal2: the second factors it has. */
  traits?: IdentityTraits;
  credentialTypes?: CredentialType[];
  /** Social sign-in providers offered on login and registration. */
  oidcProviders?: { id: string; label: string }[];
  /** Settings: the identity's passkeys, to list and remove. */
  passkeys?: StoredPasskey[];
}

/** Passkey nodes, when the flow carries WebAuthn options (created with the flow). */
function passkeyNodes(flow: FlowRow, context: FlowUiContext, kind: 'login' | 'registration' | 'settings'): UiNode[] {
  const options = (flow.internal.pending?.passkey as { options?: unknown } | undefined)?.options;
  if (!options) return [];
  const json = JSON.stringify(options);
  if (kind === 'login') {
    return [
      input('passkey', 'passkey_challenge', 'hidden', { value: json }),
      input('passkey', 'passkey_login', 'hidden'),
      trigger('passkey', 'passkey_login_trigger', 'oryPasskeyLogin', { id: 1010021, text: 'Sign in with passkey', type: 'info' }),
      webauthnScriptNode('passkey', context.publicBaseUrl),
    ];
  }
  if (kind === 'registration') {
    return [
      input('passkey', 'passkey_create_data', 'hidden', { value: json }),
      input('passkey', 'passkey_register', 'hidden'),
      trigger('passkey', 'passkey_register_trigger', 'oryPasskeyRegistration', { id: 1040007, text: 'Sign up with passkey', type: 'info' }),
      webauthnScriptNode('passkey', context.publicBaseUrl),
    ];
  }
  return [
    ...(context.passkeys ?? []).map((p) =>
      submit('passkey', 'passkey_remove', p.id, {
        id: 1050018,
        text: `Remove passkey "${p.displayName}"`,
        type: 'info',
        context: { display_name: p.displayName, added_at: p.addedAt },
      }),
    ),
    input('passkey', 'passkey_create_data', 'hidden', { value: json }),
    input('passkey', 'passkey_settings_register', 'hidden'),
    trigger('passkey', 'passkey_settings_register_trigger', 'oryPasskeySettingsRegistration', {
      id: 1050019,
      text: 'Add passkey',
      type: 'info',
    }),
    webauthnScriptNode('passkey', context.publicBaseUrl),
  ];
}

export function buildUi(flow: FlowRow, context: FlowUiContext): UiContainer {
  const values = flow.internal.values ?? {};
  const csrf = flow.type === 'browser' ? [csrfNode(flow.csrfToken)] : [];
  let nodes: UiNode[];
  switch (flow.kind) {
    case 'login':
      nodes = loginNodes(flow, values, csrf, context);
      break;
    case 'registration':
      nodes = registrationNodes(flow, values, csrf, context);
      break;
    case 'recovery':
      nodes =
        flow.state === 'sent_email' && flow.active === 'link'
          ? linkSentNodes(values, csrf, messages.continue())
          : flow.state === 'sent_email'
            ? codeSentNodes(values, csrf, messages.recoveryCode())
            : askEmailNodes(values, csrf);
      break;
    case 'verification':
      nodes =
        flow.state === 'passed_challenge'
          ? [anchor('code', 'continue', flow.returnTo ?? `${new URL(context.publicBaseUrl).origin}/`, messages.continue())]
          : flow.state === 'sent_email' && flow.active === 'link'
            ? linkSentNodes(values, csrf, messages.submit())
            : flow.state === 'sent_email'
              ? codeSentNodes(values, csrf, messages.verificationCode())
              : askEmailNodes(values, csrf);
      break;
    case 'settings':
      nodes = settingsNodes(flow, csrf, context);
      break;
  }
  const withMessages = attachNodeMessages(nodes, flow.internal.nodeMessages);
  return {
    action: `${context.publicBaseUrl}/self-service/${flow.kind}?flow=${flow.id}`,
    method: 'POST',
    nodes: withMessages,
    ...(flow.uiMessages.length > 0 ? { messages: flow.uiMessages } : {}),
  };
}

/** Recovery or verification by code, before it is sent: the address to send it to. */
function askEmailNodes(values: Record<string, unknown>, csrf: UiNode[]): UiNode[] {
  return [
    ...csrf,
    input('code', 'email', 'email', { value: values.email, required: true, autocomplete: 'email', label: messages.email() }),
    submit('code', 'method', 'code', messages.submit()),
  ];
}

/** After a code was sent (Kratos's snapshot): the code with its own label, and a button to send another. */
function codeSentNodes(values: Record<string, unknown>, csrf: UiNode[], codeLabel: UiText): UiNode[] {
  return [
    ...csrf,
    input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code', label: codeLabel, pattern: '[0-9]+', maxlength: 6 }),
    input('code', 'method', 'hidden', { value: 'code' }),
    submit('code', 'method', 'code', messages.submit()),
    submit('code', 'email', String(values.email ?? ''), messages.resendCode()),
  ];
}

/** After a link was sent (Kratos's snapshot): the address again, to send another. */
function linkSentNodes(values: Record<string, unknown>, csrf: UiNode[], label: UiText): UiNode[] {
  return [
    ...csrf,
    input('link', 'email', 'email', { value: values.email, required: true, autocomplete: 'email', label: messages.email() }),
    submit('link', 'method', 'link', label),
  ];
}

/**
 * The step an emailed link's screen shows: one button that POSTs the token to the flow, so a mail
 * scanner that opens the link uses nothing up (docs/decisions/010). Null unless it is a browser's
 * flow awaiting a link (a browser may not submit an app's flow).
 */
export function linkConfirmationUi(
  flow: { type: string; state: string; active?: string; ui: UiContainer },
  token: string,
): UiContainer | null {
  if (flow.type !== 'browser' || flow.state !== 'sent_email' || flow.active !== 'link') return null;
  const action = new URL(flow.ui.action);
  action.searchParams.set('token', token);
  return {
    action: action.toString(),
    method: 'POST',
    nodes: [...flow.ui.nodes.filter((node) => node.group === 'default'), submit('link', 'method', 'link', messages.continue())],
  };
}

function loginNodes(flow: FlowRow, values: Record<string, unknown>, csrf: UiNode[], context: FlowUiContext): UiNode[] {
  if (flow.requestedAal === 'aal2') {
    const types = context.credentialTypes ?? [];
    return [
      ...csrf,
      ...(types.includes('totp')
        ? [
            input('totp', 'totp_code', 'text', {
              required: true,
              autocomplete: 'one-time-code',
              label: messages.totpLabel(),
              maxlength: 6,
              pattern: '[0-9]+',
            }),
            submit('totp', 'method', 'totp', messages.verify()),
          ]
        : []),
      ...(types.includes('lookup_secret')
        ? [
            input('lookup_secret', 'lookup_secret', 'text', { required: true, autocomplete: 'off', label: messages.lookupLabel() }),
            submit('lookup_secret', 'method', 'lookup_secret', messages.verify()),
          ]
        : []),
    ];
  }
  if (flow.state === 'sent_email' && flow.active === 'code') {
    return [
      ...csrf,
      input('code', 'identifier', 'hidden', { value: values.identifier, required: true }),
      input('code', 'method', 'hidden', { value: 'code' }),
      input('code', 'code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: messages.loginCode(),
        pattern: '[0-9]+',
        maxlength: 6,
      }),
      submit('code', 'method', 'code', messages.continue()),
      submit('code', 'resend', 'code', messages.resendCode()),
    ];
  }
  const identifierFirst = flow.internal.identifierFirst;
  if (identifierFirst) {
    // The second identifier-first screen (flows/two-step.ts): the identifier kept, the methods it can use.
    const offers = (method: string) => identifierFirst.methods.includes(method);
    return [
      input('identifier_first', 'identifier', 'hidden', { value: values.identifier, required: true }),
      ...csrf,
      ...(offers('password')
        ? [
            input('password', 'password', 'password', { required: true, autocomplete: 'current-password', label: messages.password() }),
            submit('password', 'method', 'password', messages.signInWithPassword()),
          ]
        : []),
      ...(offers('code') ? [submit('code', 'method', 'code', messages.sendLoginCode())] : []),
      ...(offers('passkey') ? passkeyNodes(flow, context, 'login') : []),
    ];
  }
  return [
    input('default', 'identifier', 'text', {
      value: values.identifier,
      required: true,
      autocomplete: 'username webauthn',
      label: messages.id(),
    }),
    ...csrf,
    input('password', 'password', 'password', { required: true, autocomplete: 'current-password', label: messages.password() }),
    submit('password', 'method', 'password', messages.signInWithPassword()),
    submit('code', 'method', 'code', messages.sendLoginCode()),
    ...passkeyNodes(flow, context, 'login'),
    ...(context.oidcProviders ?? []).map((p) => submit('oidc', 'provider', p.id, messages.signInWith(p.label))),
  ];
}

function registrationNodes(flow: FlowRow, values: Record<string, unknown>, csrf: UiNode[], context: FlowUiContext): UiNode[] {
  const traits = (values.traits ?? {}) as { email?: unknown; name?: { first?: unknown; last?: unknown } };
  const traitValues = { email: traits.email, first: traits.name?.first, last: traits.name?.last };
  if (flow.state === 'sent_email' && flow.active === 'code') {
    return [
      ...csrf,
      ...traitNodes('default', traitValues, { hidden: true }),
      input('code', 'method', 'hidden', { value: 'code' }),
      input('code', 'code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: messages.registrationCode(),
        pattern: '[0-9]+',
        maxlength: 6,
      }),
      submit('code', 'method', 'code', messages.continue()),
      submit('code', 'resend', 'code', messages.resendCode()),
    ];
  }
  if (flow.internal.profileStep) {
    // The credential step of a profile-first registration (flows/two-step.ts): the traits kept, a way back.
    return [
      ...csrf,
      ...traitNodes('default', traitValues, { hidden: true }),
      submit('profile', 'screen', 'credential-selection', { id: 1040008, text: 'Back', type: 'info' }),
      input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: messages.password() }),
      submit('password', 'method', 'password', messages.signUp()),
      submit('code', 'method', 'code', messages.sendSignUpCode()),
      ...passkeyNodes(flow, context, 'registration'),
      ...(context.oidcProviders ?? []).map((p) => submit('oidc', 'provider', p.id, messages.signUpWith(p.label))),
    ];
  }
  return [
    ...csrf,
    ...traitNodes('default', traitValues),
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: messages.password() }),
    submit('password', 'method', 'password', messages.signUp()),
    submit('code', 'method', 'code', messages.sendSignUpCode()),
    ...passkeyNodes(flow, context, 'registration'),
    ...(context.oidcProviders ?? []).map((p) => submit('oidc', 'provider', p.id, messages.signUpWith(p.label))),
  ];
}

function settingsNodes(flow: FlowRow, csrf: UiNode[], context: FlowUiContext): UiNode[] {
  const traits = context.traits ?? { email: '' };
  const types = context.credentialTypes ?? [];
  const pending = flow.internal.pending ?? {};
  const nodes: UiNode[] = [
    ...csrf,
    ...traitNodes('profile', { email: traits.email, first: traits.name?.first, last: traits.name?.last }),
    submit('profile', 'method', 'profile', messages.save()),
    input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: messages.password() }),
    submit('password', 'method', 'password', messages.save()),
  ];
  if (types.includes('totp')) {
    nodes.push(submit('totp', 'totp_unlink', 'true', info('Unlink TOTP Authenticator App', 1050003)));
  } else if (typeof pending.totpSecret === 'string' && typeof pending.totpQr === 'string') {
    nodes.push(
      image('totp', 'totp_qr', pending.totpQr, 256, messages.totpQr()),
      text(
        'totp',
        'totp_secret_key',
        messages.totpSecret(pending.totpSecret),
        info('This is your authenticator app secret. Use it if you can not scan the QR code.', 1050017),
      ),
      input('totp', 'totp_code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: info('Verify code', 1070006),
        maxlength: 6,
        pattern: '[0-9]+',
      }),
      submit('totp', 'method', 'totp', messages.save()),
    );
  }
  nodes.push(...passkeyNodes(flow, context, 'settings'));
  if (Array.isArray(pending.lookupCodes)) {
    nodes.push(
      text(
        'lookup_secret',
        'lookup_secret_codes',
        { id: 1050015, text: (pending.lookupCodes as string[]).join(', '), type: 'info', context: { secrets: pending.lookupCodes } },
        messages.lookupSecretsHint(),
      ),
      submit('lookup_secret', 'lookup_secret_confirm', 'true', info('Confirm backup recovery codes', 1050011)),
    );
  } else {
    nodes.push(
      submit(
        'lookup_secret',
        'lookup_secret_regenerate',
        'true',
        info(types.includes('lookup_secret') ? 'Generate new backup recovery codes' : 'Generate backup recovery codes', 1050008),
      ),
    );
  }
  return nodes;
}

function info(textValue: string, id: number) {
  return { id, text: textValue, type: 'info' as const };
}
