// The procedures the browser's tRPC client calls (§7 names none; these are ours). The browser
// imports only the AppRouter type, never this code.
import type { VerifiedMainToken } from '../../modules/session/tokens.ts';
import { personalDetailsSchema } from '../../shared/validation/personal-details.ts';
import type { MainTokenClaims } from '../../shared/auth/session-user.ts';
import { InputError } from '../../shared/errors.ts';
import { publicProcedure, router, signedInProcedure } from './trpc.ts';

/** The §3 claims as the browser names them (the same shape it decodes from bof_session). */
function claimsSummary(claims: VerifiedMainToken): MainTokenClaims {
  return {
    userId: claims.user_id,
    email: claims.email,
    membershipLevel: claims.membership_level,
    membershipType: claims.membership_type,
    isBofAdmin: claims.is_bof_admin,
    isFirstLogin: claims.is_first_login,
    unclaimedMembershipAccountId: claims.unclaimed_membership_account_id,
    isChallenged: claims.is_challenged,
    isUserDataComplete: claims.is_user_data_complete,
    isEmailVerified: claims.email_verified,
    exp: claims.exp,
  };
}

export const appRouter = router({
  session: router({
    /** Who the server thinks is calling: the verified claims, or null for an anonymous reader. */
    me: publicProcedure.query(({ ctx }) => (ctx.user ? claimsSummary(ctx.user) : null)),
  }),
  lookups: router({
    countries: publicProcedure.query(({ ctx }) => ctx.services.lookups.countries()),
  }),
  careers: router({
    /** The reader's saved jobs as `profileId/jobId` keys: the Save buttons' state on a page every reader shares. */
    savedJobKeys: signedInProcedure.query(({ ctx }) => ctx.services.careers.savedJobKeys(ctx.claims.user_id)),
  }),
  account: router({
    userData: signedInProcedure.query(({ ctx }) => ctx.services.accounts.getUserData(ctx.claims.sub)),
    // The schema words the field errors; the service also refuses lookup keys that do not exist.
    updatePersonalDetails: signedInProcedure
      .input(personalDetailsSchema)
      .mutation(async ({ ctx, input }) => InputError.unwrap(await ctx.services.accounts.updatePersonalDetails(ctx.claims.sub, input))),
  }),
});

export type AppRouter = typeof appRouter;
