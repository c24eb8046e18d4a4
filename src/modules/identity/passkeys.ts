// Passkeys (WebAuthn discoverable credentials) through @simplewebauthn/server: the options a
// flow carries to the browser, and the verification of what the authenticator answered.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport as AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

export interface StoredPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports?: string[];
  displayName: string;
  addedAt: string;
}

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyFor(siteUrl: string, productName: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, name: productName, origin: url.origin };
}

export async function loginOptions(rp: RelyingParty) {
  // No allowCredentials: the authenticator offers the passkeys it holds for this site.
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: 120_000 });
}

export async function registrationOptions(
  rp: RelyingParty,
  { userHandle, userName, exclude = [] }: { userHandle: string; userName: string; exclude?: StoredPasskey[] },
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName,
    userID: new TextEncoder().encode(userHandle),
    attestationType: 'none',
    timeout: 120_000,
    excludeCredentials: exclude.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransportFuture[] | undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** The new credential, or null when the answer does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  { response, challenge, displayName }: { response: unknown; challenge: string; displayName: string },
): Promise<StoredPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports,
      displayName,
      addedAt: new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

/** The authenticator's new signature counter, or null when the assertion does not verify. */
export async function verifyLogin(
  rp: RelyingParty,
  { response, challenge, stored }: { response: unknown; challenge: string; stored: StoredPasskey },
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: stored.id,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[] | undefined,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** The credential id inside a browser's JSON answer (to find whose passkey it is). */
export function credentialIdOf(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{8,1024}$/.test(id) ? id : null;
}

const GLUE = `
(function () {
  // Runs the passkey ceremonies for the forms the identity flows render (no inline handlers: CSP).
  var triggers = { passkey_login_trigger: 'login', passkey_register_trigger: 'register', passkey_settings_register_trigger: 'settings' };
  function field(form, name) {
    var el = form.querySelector('input[name="' + name + '"]');
    if (!el) { el = document.createElement('input'); el.type = 'hidden'; el.name = name; form.appendChild(el); }
    return el;
  }
  function fail(form, message) {
    var box = form.querySelector('[data-passkey-error]');
    if (!box) { box = document.createElement('p'); box.setAttribute('data-passkey-error', ''); box.setAttribute('role', 'alert'); box.className = 'form-message form-message--error'; form.prepend(box); }
    box.textContent = message;
  }
  document.addEventListener('click', function (event) {
    var button = event.target && event.target.closest ? event.target.closest('button[name]') : null;
    var kind = button && triggers[button.name];
    if (!kind) return;
    event.preventDefault();
    var form = button.form;
    var lib = window.SimpleWebAuthnBrowser;
    if (!lib || !lib.browserSupportsWebAuthn()) { fail(form, 'This browser cannot use passkeys. Please choose another way to sign in.'); return; }
    var run;
    if (kind === 'login') {
      var options = JSON.parse(field(form, 'passkey_challenge').value);
      run = lib.startAuthentication({ optionsJSON: options }).then(function (answer) { field(form, 'passkey_login').value = JSON.stringify(answer); });
    } else {
      var data = JSON.parse(field(form, 'passkey_create_data').value);
      var email = form.querySelector('input[name="traits.email"]');
      if (kind === 'register') {
        if (!email || !email.value) { fail(form, 'Enter your email address first.'); if (email) email.focus(); return; }
        data.user.name = email.value; data.user.displayName = email.value;
      }
      run = lib.startRegistration({ optionsJSON: data }).then(function (answer) { field(form, kind === 'register' ? 'passkey_register' : 'passkey_settings_register').value = JSON.stringify(answer); });
    }
    run.then(function () { field(form, 'method').value = 'passkey'; form.noValidate = true; form.submit(); })
      .catch(function (error) { fail(form, error && error.name === 'NotAllowedError' ? 'The passkey request was cancelled or timed out. Please try again.' : 'The passkey could not be used. Please try again or choose another way.'); });
  });
})();
`;

let script: string | undefined;

/** GET /.well-known/ory/webauthn.js: the SimpleWebAuthn browser bundle and our glue. */
export function webauthnScript(): string {
  if (!script) {
    const require = createRequire(import.meta.url);
    // The package exports no path to its browser bundle; it sits beside its CommonJS build.
    const bundle = readFileSync(
      path.resolve(path.dirname(require.resolve('@simplewebauthn/browser')), '../dist/bundle/index.umd.min.js'),
      'utf8',
    );
    script = `${bundle}\n${GLUE}`;
  }
  return script;
}
