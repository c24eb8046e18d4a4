// What the personal-details forms (one-more-step, the account page) need on the server: the
// signed-in identity, the lookup options, and saving through the accounts service.
import { redirect, type AppLoadContext } from 'react-router';
import type { FieldError } from '../../../shared/validation/field-errors.ts';
import { absoluteSiteUrl, currentSession } from './identity.server.ts';
import { withReturnTo } from './user-paths.ts';

export type DetailsOptions = ReturnType<typeof detailsOptions>;

/** The choices of the details forms, from the lookups service (countries from the ISO dataset). */
export function detailsOptions(context: AppLoadContext) {
  const { lookups } = context.services;
  const plain = (items: readonly { key: string; title: string }[]) => items.map(({ key, title }) => ({ key, title }));
  return {
    countries: plain(lookups.countries()),
    jobFunctions: plain(lookups.jobFunctions()),
    jobIndustries: plain(lookups.jobIndustries()),
    jobLevels: plain(lookups.jobLevels()),
  };
}

/** The signed-in person for a /user/ page, or a redirect to sign in and come back to `path`. */
export async function requireSignedIn(args: { request: Request; context: AppLoadContext }, path: string) {
  const signedIn = await currentSession(args);
  if (!signedIn) {
    const here = new URL(args.request.url);
    throw redirect(withReturnTo('/user/login/', absoluteSiteUrl(args.context.config, `${path}${here.search}`)));
  }
  return signedIn;
}

/** Form fields as strings (file inputs and repeated names are not used by these forms). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) if (typeof value === 'string') values[name] = value;
  return values;
}

/** What an action returns when the person must correct something: the errors and what they typed. */
export interface FormProblem {
  form: string;
  fieldErrors: FieldError[];
  values: Record<string, string>;
}

/** A same-site path to continue to (never another site: open redirects are refused). */
export function safeNextPath(value: string | null | undefined, siteUrl: string): string | null {
  if (!value) return null;
  try {
    const site = new URL(siteUrl);
    const url = new URL(value, site);
    return url.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
