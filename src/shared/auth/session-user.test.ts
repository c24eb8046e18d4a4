import { describe, expect, it } from 'vitest';
import { mainJwt, makeJwt, paywallJwt } from '../../web/auth/auth-test-fakes.ts';
import { decodeJwtPayload, LOGGED_OUT_USER, readMainTokenClaims, sessionUserFromTokens } from './session-user.ts';

describe('sessionUserFromTokens (§3 Session user)', () => {
  it('derives every field from the main token claims and takes zephrToken from the paywall token', () => {
    const paywall = paywallJwt();
    const user = sessionUserFromTokens(
      mainJwt({
        user_id: 1234,
        email: 'ana@example.com',
        is_bof_admin: true,
        is_first_login: true,
        unclaimed_membership_account_id: 77,
        is_challenged: true,
        is_user_data_complete: false,
      }),
      paywall,
    );
    expect(user).toEqual({
      isLoggedIn: true,
      isMember: true,
      isStudent: false,
      isBofAdmin: true,
      id: '1234',
      email: 'ana@example.com',
      initials: '',
      membershipType: 'Individual',
      membershipLevel: 'Standard',
      isFirstLogin: true,
      zephrToken: paywall,
      unclaimedMembershipAccountId: '77',
      isChallenged: true,
      isUserDataComplete: false,
      // A token without email_verified was minted before decision 040: read as confirmed.
      isEmailVerified: true,
    });
  });

  it('is a member only when membershipLevel is not none, case-insensitively, missing counting as none', () => {
    expect(sessionUserFromTokens(mainJwt({ membership_level: 'None' }), null).isMember).toBe(false);
    expect(sessionUserFromTokens(mainJwt({ membership_level: 'none' }), null).isMember).toBe(false);
    expect(sessionUserFromTokens(mainJwt({ membership_level: 'NONE' }), null).isMember).toBe(false);
    expect(sessionUserFromTokens(mainJwt({ membership_level: undefined }), null).isMember).toBe(false);
    expect(sessionUserFromTokens(mainJwt({ membership_level: 'Premium' }), null).isMember).toBe(true);
  });

  it('is a student only when membershipType is student', () => {
    expect(sessionUserFromTokens(mainJwt({ membership_type: 'Student' }), null).isStudent).toBe(true);
    expect(sessionUserFromTokens(mainJwt({ membership_type: 'student' }), null).isStudent).toBe(true);
    expect(sessionUserFromTokens(mainJwt({ membership_type: 'Individual' }), null).isStudent).toBe(false);
  });

  it('reads email_verified: only an explicit false says the address is unconfirmed (decision 040)', () => {
    expect(sessionUserFromTokens(mainJwt({ email_verified: false }), paywallJwt()).isEmailVerified).toBe(false);
    expect(sessionUserFromTokens(mainJwt({ email_verified: true }), paywallJwt()).isEmailVerified).toBe(true);
    expect(LOGGED_OUT_USER.isEmailVerified).toBe(false);
  });

  it('keeps initials empty and an absent unclaimed account id null', () => {
    const user = sessionUserFromTokens(mainJwt(), paywallJwt());
    expect(user.initials).toBe('');
    expect(user.unclaimedMembershipAccountId).toBeNull();
  });

  it('is the logged-out user, with all four flags false, when the main token is missing or malformed', () => {
    for (const token of [
      null,
      undefined,
      '',
      'not-a-jwt',
      'a.b.c',
      `x.${btoa('[1,2]')}.y`,
      makeJwt({ email: 'no-id@example.com', exp: 1 }),
    ]) {
      expect(sessionUserFromTokens(token, paywallJwt())).toBe(LOGGED_OUT_USER);
    }
    expect(LOGGED_OUT_USER).toMatchObject({
      isLoggedIn: false,
      isMember: false,
      isStudent: false,
      isBofAdmin: false,
      id: '',
      initials: '',
      zephrToken: '',
    });
  });

  it('treats a malformed paywall token as missing', () => {
    expect(sessionUserFromTokens(mainJwt(), 'garbage').zephrToken).toBe('');
    expect(sessionUserFromTokens(mainJwt(), null).zephrToken).toBe('');
  });
});

describe('decodeJwtPayload', () => {
  it('decodes base64url payloads holding UTF-8', () => {
    const token = makeJwt({ email: 'zoë@example.com', note: '??>>' });
    expect(decodeJwtPayload(token)).toEqual({ email: 'zoë@example.com', note: '??>>' });
  });

  it('needs a numeric exp in the main token', () => {
    expect(readMainTokenClaims(makeJwt({ user_id: 1, exp: 'soon' }))).toBeNull();
    expect(readMainTokenClaims(makeJwt({ user_id: 1, exp: 100 }))?.exp).toBe(100);
  });
});
