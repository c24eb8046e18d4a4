// The identity provider's messages in our own words. Kratos clients translate by message id (the
// id is the contract, the English text is a default), so we do the same: plain, warm copy for the
// ids our screens show, and the provider's own text for anything else.
import type { UiText } from '../../modules/identity/schema.ts';

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const CODE_NOT_RIGHT = 'That code isn’t right, or it has already been used. Check the newest email from us, or ask for a new code.';
const FORM_EXPIRED = 'That form had been open too long, so we’ve started a fresh one. Please try again.';

/** What to call a field in a message ("Please enter your …"). */
const FIELD_NAMES: Record<string, string> = {
  identifier: 'email address',
  email: 'email address',
  'traits.email': 'email address',
  password: 'password',
  code: 'code',
  totp_code: 'code',
  lookup_secret: 'backup code',
};

const COPY: Record<number, (text: UiText) => string> = {
  // Info and labels
  1010001: () => 'Sign in',
  1010002: (t) => `Continue with ${str(t.context?.provider) ?? 'your provider'}`,
  1010003: () => 'For your security, please sign in again to continue.',
  1010004: () => 'Your account has a second step. Enter the six-digit code from your authenticator app to finish signing in.',
  1010005: () => 'Verify',
  1010006: () => 'Code from your authenticator app',
  1010007: () => 'Backup code',
  1010014: () => 'We’ve emailed you a six-digit sign-in code. It can take a minute to arrive; check your spam folder if you can’t see it.',
  1010015: () => 'Sign in with a code instead',
  1010021: () => 'Sign in with a passkey',
  1010022: () => 'Sign in',
  1040001: () => 'Create account',
  1040002: (t) => `Continue with ${str(t.context?.provider) ?? 'your provider'}`,
  1040007: () => 'Create account with a passkey',
  1040005: () => 'We’ve emailed you a six-digit code. Enter it below to finish creating your account.',
  1040006: () => 'Use an emailed code instead',
  1050001: () => 'Your changes have been saved.',
  1050003: () => 'Turn off the authenticator app',
  1050005: () => 'QR code to scan with your authenticator app',
  1050008: (t) => (/new/i.test(t.text) ? 'Generate new backup codes' : 'Generate backup codes'),
  1050010: () =>
    'Here are your backup codes. Each one works once. Keep them somewhere safe, such as a password manager, then confirm below.',
  1050011: () => 'I’ve saved these codes',
  1050018: (t) => `Remove the passkey “${str(t.context?.display_name) ?? 'passkey'}”`,
  1050019: () => 'Add a passkey',
  1050017: () => 'Can’t scan the code? Enter this key in the app instead:',
  1060001: (t) => {
    const minutes = num(t.context?.privileged_session_expires_at_unix) ?? Number(/(\d+) minutes/.exec(t.text)?.[1] ?? NaN);
    const within = Number.isFinite(minutes) ? ` within the next ${minutes} minutes` : '';
    return `You’ve recovered your account and you’re signed in. Please choose a new password below${within}.`;
  },
  1060003: () => 'If an account uses that address, we’ve emailed it a six-digit recovery code. Enter it below.',
  1070001: () => 'Password',
  1070002: (t) =>
    ({ 'traits.email': 'Email address', 'traits.name.first': 'First name', 'traits.name.last': 'Last name' })[String(t.context?.name)] ??
    str(t.context?.title) ??
    t.text,
  1070003: () => 'Save',
  1070004: () => 'Email address',
  1070005: () => 'Continue',
  1070006: () => 'Six-digit code from the app',
  1070007: () => 'Email address',
  1070008: () => 'Send a new code',
  1070009: () => 'Continue',
  1070010: () => 'Recovery code',
  1070011: () => 'Confirmation code',
  1070012: () => 'Code from the email',
  1070013: () => 'Sign-in code',
  1080002: () => 'Thank you: your email address is confirmed.',
  1080003: () => 'We’ve emailed you a six-digit code. Enter it below to confirm the address is yours.',

  // Errors
  4000002: (t) => {
    const field = FIELD_NAMES[String(t.context?.property)];
    return field ? `Please enter your ${field}.` : 'Please fill in this field.';
  },
  4000003: (t) => `Please use at least ${num(t.context?.min_length) ?? 'a few'} characters.`,
  4000005: (t) =>
    `That password would be easy to guess: ${str(t.context?.reason) ?? 'it is too simple'}. Three or four unrelated words together make a strong one.`,
  4000006: () => 'That email address and password don’t match. Check them and try again, or sign in with a code instead.',
  4000007: () => 'There is already an account with this email address.',
  4000008: () => 'That code isn’t right. Enter the code your authenticator app shows now.',
  4000010: () => 'Please confirm your email address first.',
  4000016: () => 'That backup code isn’t valid, or it has already been used.',
  4000017: (t) => `Please use at most ${num(t.context?.max_length) ?? 'fewer'} characters.`,
  4000028: () => 'There is already an account with this email address. Please sign in instead, with your password or an emailed code.',
  4000031: () => 'Please choose a password that is less like your email address.',
  4000032: (t) => `Please use at least ${num(t.context?.min_length) ?? 8} characters for your password.`,
  4000033: (t) => `Please use at most ${num(t.context?.max_length) ?? 1024} characters for your password.`,
  4000034: () => 'This password has appeared in data breaches, so it isn’t safe to use. Please choose another.',
  4000035: () => 'We couldn’t find an account with that email address. Check the spelling, or create an account.',
  4000036: () => 'Your details changed after we sent the code. Please start again.',
  4000040: () => 'Please enter a valid email address, such as name@example.com.',
  4010001: () => FORM_EXPIRED,
  4010002: () => 'Please choose how you would like to sign in.',
  4010008: () => CODE_NOT_RIGHT,
  4010011: () => 'This account has been closed. Please contact us if you think this is a mistake.',
  4040001: () => FORM_EXPIRED,
  4040003: () => CODE_NOT_RIGHT,
  4050001: () => FORM_EXPIRED,
  4060005: () => FORM_EXPIRED,
  4060006: () => CODE_NOT_RIGHT,
  4070005: () => FORM_EXPIRED,
  4070006: () => CODE_NOT_RIGHT,
};

/** A provider message or label as the reader should see it. */
export function copyOf(text: UiText): string {
  return COPY[text.id]?.(text) ?? text.text;
}
