// Kratos message ids and texts (reference/kratos-notes.md §6). Clients translate by id, so the
// ids are the contract; the texts follow Kratos's English.
import type { UiText } from './schema.ts';

const info = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  text,
  type: 'info',
  ...(context ? { context } : {}),
});
const error = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  text,
  type: 'error',
  ...(context ? { context } : {}),
});
const success = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  text,
  type: 'success',
  ...(context ? { context } : {}),
});

export const messages = {
  // Labels
  signIn: () => info(1010001, 'Sign in'),
  signInWith: (provider: string) => info(1010002, `Sign in with ${provider}`, { provider }),
  reauthenticate: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: () => info(1010004, 'Please complete the second authentication challenge.'),
  verify: () => info(1010005, 'Verify'),
  totpLabel: () => info(1010006, 'Authentication code'),
  lookupLabel: () => info(1010007, 'Backup recovery code'),
  loginCodeSent: () =>
    info(
      1010014,
      'An email containing a code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  sendLoginCode: () => info(1010015, 'Send sign in code'),
  accountLinking: (context: Record<string, unknown>) =>
    info(
      1010016,
      `You tried to sign in with "${String(context.duplicateIdentifier)}", but that email is already used by another account. Sign in to your account with one of the options below to add your account "${String(context.duplicateIdentifier)}" at "${String(context.provider)}" as another way to sign in.`,
      context,
    ),
  signInWithPassword: () => info(1010022, 'Sign in with password'),
  signUp: () => info(1040001, 'Sign up'),
  signUpWith: (provider: string) => info(1040002, `Sign up with ${provider}`, { provider }),
  continue: () => info(1070009, 'Continue'),
  registrationCodeSent: () =>
    info(
      1040005,
      'An email containing a code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and retry the registration.',
    ),
  sendSignUpCode: () => info(1040006, 'Send sign up code'),
  settingsSaved: () => success(1050001, 'Your changes have been saved!'),
  totpQr: () => info(1050005, 'Authenticator app QR code'),
  totpSecret: (secret: string) => info(1050006, secret, { secret }),
  lookupSecretsHint: () => info(1050010, 'These are your back up recovery codes. Please keep them in a safe place!'),
  recoveredChangePassword: (minutes: number) =>
    info(
      1060001,
      `You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next ${minutes} minutes.`,
      { privileged_session_expires_at_unix: minutes },
    ),
  recoveryLinkSent: () =>
    info(
      1060002,
      'An email containing a recovery link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  password: () => info(1070001, 'Password'),
  generated: (title: string, name: string) => info(1070002, title, { title, name }),
  save: () => info(1070003, 'Save'),
  id: () => info(1070004, 'ID'),
  submit: () => info(1070005, 'Submit'),
  verifyCode: () => info(1070006, 'Verify code'),
  email: () => info(1070007, 'Email'),
  resendCode: () => info(1070008, 'Resend code'),
  recoveryCode: () => info(1070010, 'Recovery code'),
  verificationCode: () => info(1070011, 'Verification code'),
  registrationCode: () => info(1070012, 'Registration code'),
  loginCode: () => info(1070013, 'Login code'),
  verificationLinkSent: () =>
    info(
      1080001,
      'An email containing a verification link has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  verified: () => success(1080002, 'You successfully verified your email address.'),

  // Validation
  generic: (reason: string) => error(4000001, reason),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  tooShort: (min: number, actual: number) =>
    error(4000003, `length must be >= ${min}, but got ${actual}`, { min_length: min, actual_length: actual }),
  invalidFormat: (pattern: string) => error(4000004, `"${pattern}" is not valid`, { pattern }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicate: () => error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  invalidTotp: () => error(4000008, 'The provided authentication code is invalid, please try again.'),
  addressNotVerified: () => error(4000010, 'Account not active yet. Did you forget to verify your email address?'),
  invalidLookup: () => error(4000016, 'The backup recovery code is not valid.'),
  tooLong: (max: number, actual: number) =>
    error(4000017, `length must be <= ${max}, but got ${actual}`, { max_length: max, actual_length: actual }),
  duplicateWithHints: (context: Record<string, unknown>) =>
    error(
      4000028,
      'You tried signing in with an email address which is already in use by another account. You can sign in using your password or a one-time code sent by email.',
      context,
    ),
  noCodeUser: () => error(4000035, 'This account does not exist or has not setup sign in with code.'),
  traitsChanged: () => error(4000036, 'The provided traits do not match the traits previously associated with this flow.'),
  invalidEmail: (value: string) => error(4000040, `"${value}" is not a valid email address`, { value }),
  loginExpired: (minutes: number) =>
    error(4010001, `The login flow expired ${minutes.toFixed(2)} minutes ago, please try again.`, { expired_at_unix: minutes }),
  noStrategy: () => error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  loginCodeInvalid: () => error(4010008, 'The login code is invalid or has already been used. Please try again.'),
  identityDisabled: () => error(4010011, 'This account was disabled.'),
  registrationExpired: (minutes: number) =>
    error(4040001, `The registration flow expired ${minutes.toFixed(2)} minutes ago, please try again.`, { expired_at_unix: minutes }),
  registrationCodeInvalid: () => error(4040003, 'The registration code is invalid or has already been used. Please try again.'),
  settingsExpired: (minutes: number) =>
    error(4050001, `The settings flow expired ${minutes.toFixed(2)} minutes ago, please try again.`, { expired_at_unix: minutes }),
  recoveryTokenInvalid: () => error(4060004, 'The recovery token is invalid or has already been used. Please retry the flow.'),
  recoveryExpired: (minutes: number) =>
    error(4060005, `The recovery flow expired ${minutes.toFixed(2)} minutes ago, please try again.`, { expired_at_unix: minutes }),
  recoveryCodeInvalid: () => error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationTokenInvalid: () => error(4070001, 'The verification token is invalid or has already been used. Please retry the flow.'),
  verificationExpired: (minutes: number) =>
    error(4070005, `The verification flow expired ${minutes.toFixed(2)} minutes ago, please try again.`, { expired_at_unix: minutes }),
  verificationCodeInvalid: () => error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
  tooManyAttempts: () => error(4000001, 'Too many attempts. Please request a new code.'),
  demoAccountThisMachineOnly: () =>
    error(4000001, 'This demo account signs in only on the computer the server runs on: its password is public.'),
  rateLimited: (seconds: number) =>
    error(4000001, `Too many attempts. Please wait ${seconds} seconds and try again.`, { retry_after_seconds: seconds }),
} as const;
