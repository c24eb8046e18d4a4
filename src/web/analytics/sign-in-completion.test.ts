import { describe, expect, it } from 'vitest';
import { completedSignIn, navigationType } from './sign-in-completion.ts';

const SITE = 'https://atelier.test';
const load = (overrides: Partial<Parameters<typeof completedSignIn>[0]> = {}) =>
  completedSignIn({
    referrer: `${SITE}/user/login/?flow=f1`,
    url: `${SITE}/articles/a-story/`,
    navigationType: 'navigate',
    signedIn: true,
    ...overrides,
  });

describe('completedSignIn', () => {
  it('is a login when a signed-in page load came from the sign-in form', () => {
    expect(load()).toBe('user_complete_login');
    expect(load({ url: `${SITE}/` })).toBe('user_complete_login');
    // The second factor is asked on the sign-in page too; finishing it lands elsewhere.
    expect(load({ referrer: `${SITE}/user/login/?flow=f1&aal=aal2` })).toBe('user_complete_login');
  });

  it('is a registration when it came from the registration form (new accounts land on one-more-step)', () => {
    expect(load({ referrer: `${SITE}/user/register/?flow=f2`, url: `${SITE}/user/one-more-step/?return_to=%2F` })).toBe(
      'user_complete_registration',
    );
    expect(load({ referrer: `${SITE}/user/register/?flow=f2`, url: `${SITE}/user/confirm-email?flow=v1` })).toBe(
      'user_complete_registration',
    );
  });

  it('is nothing while the flow goes on or failed', () => {
    expect(load({ url: `${SITE}/user/login/?flow=f1` })).toBeNull();
    expect(load({ referrer: `${SITE}/user/register/?flow=f2`, url: `${SITE}/user/register/?flow=f2` })).toBeNull();
    expect(load({ url: `${SITE}/user/error/?id=e1` })).toBeNull();
    expect(load({ url: `${SITE}/user/recovery/` })).toBeNull();
  });

  it('is nothing when signed out, on a reload or a step back, from elsewhere or from another site', () => {
    expect(load({ signedIn: false })).toBeNull();
    expect(load({ navigationType: 'reload' })).toBeNull();
    expect(load({ navigationType: 'back_forward' })).toBeNull();
    expect(load({ navigationType: undefined })).toBeNull();
    expect(load({ referrer: '' })).toBeNull();
    expect(load({ referrer: `${SITE}/topics/beauty/` })).toBeNull();
    expect(load({ referrer: `${SITE}/user/logins/` })).toBeNull();
    expect(load({ referrer: 'https://accounts.example.com/user/login/' })).toBeNull();
    expect(load({ referrer: 'not a url' })).toBeNull();
  });
});

describe('navigationType', () => {
  it('reads the navigation timing entry, undefined without one', () => {
    const win = (entries: unknown[]) => ({ performance: { getEntriesByType: () => entries } }) as unknown as Window;
    expect(navigationType(win([{ type: 'reload' }]))).toBe('reload');
    expect(navigationType(win([]))).toBeUndefined();
  });
});
