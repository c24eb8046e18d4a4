// The student validation page's server half (/subscriptions/students/validation/?plan=…,
// src/web/routes/subscriptions/students-validation.tsx). Step 1: the academic address and the
// graduation year (a code is emailed); step 2: the code, with "Send a new code"; verified (now or
// before) → the student payment page with the same plan. Plain form posts: every answer works
// without JavaScript, and every problem comes back next to its field.
import { data, redirect, type AppLoadContext } from 'react-router';
import type { FieldError } from '../../../shared/validation/field-errors.ts';
import { STUDENT_PAYMENT_PATH, STUDENT_VALIDATION_PATH } from '../../components/billing/payment-types.ts';
import { formFields, requireSignedIn } from '../user/details.server.ts';
import { planByCode } from '../../../modules/billing/catalogue.ts';
import { heldMembership } from '../../../modules/memberships/terms.ts';
import { graduationYearBounds } from '../../../modules/students/academic-input.ts';

const DEFAULT_PLAN = 'students_standard_yearly_v1';

export interface ValidationView {
  plan: { code: string; title: string; interval: 'year' | 'month' };
  step: 'email' | 'code';
  /** What the step-1 fields start with: the address and year entered before, if any. */
  email: string;
  graduationYear: string;
  bounds: { min: number; max: number };
  /** Step 2: whether the emailed code can still be used (not expired, not tried five times). */
  codeUsable: boolean;
  /** A new code was just sent on request (the address it went to). */
  resentTo: string | null;
  /** The address was verified, but the graduation year has passed. */
  graduated: boolean;
  /** Already a member: nothing to verify for. */
  member: boolean;
  /** Step 1 again, to use another address. */
  changeHref: string;
}

export type ValidationActionData = {
  form: 'email' | 'code';
  /** A problem with the whole form (a code sent less than a minute ago, a code that no longer works). */
  message?: string;
  fieldErrors?: FieldError[];
  values?: Record<string, string>;
};

/** The same page with the plan (and the currency chosen on the packages page) and `extra`. */
function pageHref(url: URL, plan: string, extra: Record<string, string> = {}) {
  const currency = url.searchParams.get('currency');
  return `${STUDENT_VALIDATION_PATH}?${new URLSearchParams({ plan, ...(currency ? { currency } : {}), ...extra })}`;
}

function paymentHref(url: URL, plan: string) {
  const currency = url.searchParams.get('currency');
  return `${STUDENT_PAYMENT_PATH}?${new URLSearchParams({ plan, ...(currency ? { currency } : {}) })}`;
}

function studentPlan(url: URL) {
  const plan = planByCode(url.searchParams.get('plan') ?? DEFAULT_PLAN);
  if (!plan || plan.audience !== 'student') throw data({ message: 'That plan is not on sale here.' }, 404);
  return plan;
}

export async function validationLoader(args: { request: Request; context: AppLoadContext }): Promise<ValidationView> {
  const signedIn = await requireSignedIn(args, STUDENT_VALIDATION_PATH);
  const identityId = signedIn.session.identityId;
  const url = new URL(args.request.url);
  const plan = studentPlan(url);
  const { students, memberships } = args.context.services;
  const [status, membership] = await Promise.all([students.academicStatus(identityId), memberships.currentMembership(identityId)]);
  const member = heldMembership(membership).level !== 'None';
  if (status.step === 'verified' && !member) throw redirect(paymentHref(url, plan.code));
  const wantsEmailStep = url.searchParams.get('step') === 'email';
  const step = status.step === 'code' && !wantsEmailStep ? 'code' : 'email';
  return {
    plan: { code: plan.code, title: plan.title, interval: plan.interval },
    step,
    email: status.email ?? '',
    graduationYear: status.step !== 'verified' && status.graduationYear ? String(status.graduationYear) : '',
    bounds: graduationYearBounds(),
    codeUsable: status.step === 'code' && status.codeUsable,
    resentTo: step === 'code' && url.searchParams.get('sent') === 'again' ? (status.email ?? null) : null,
    graduated: status.step === 'email' && status.problem === 'graduated',
    member,
    changeHref: pageHref(url, plan.code, { step: 'email' }),
  };
}

export async function validationAction(args: { request: Request; context: AppLoadContext }) {
  const signedIn = await requireSignedIn(args, STUDENT_VALIDATION_PATH);
  const identityId = signedIn.session.identityId;
  const url = new URL(args.request.url);
  const plan = studentPlan(url);
  const { students } = args.context.services;
  const { intent, ...values } = await formFields(args.request);

  switch (intent ?? '') {
    case 'send':
    case 'resend': {
      // "Send a new code" sends to the address and year already given.
      const status = intent === 'resend' ? await students.academicStatus(identityId) : null;
      const resending = status?.step === 'code';
      const input = resending
        ? { email: status.email, graduationYear: status.graduationYear }
        : { email: values.email, graduationYear: values.graduationYear };
      const form = resending ? 'code' : 'email';
      const result = await students.validateAcademicEmail({ identityId, ...input });
      switch (result.kind) {
        case 'code_sent':
          // Step 2 (the address of a new request, not the ?step=email that asked for it); a new code says so.
          throw redirect(pageHref(url, plan.code, resending ? { sent: 'again' } : {}));
        case 'already_verified':
          throw redirect(paymentHref(url, plan.code));
        case 'invalid':
          return data<ValidationActionData>({ form, fieldErrors: result.fieldErrors, values }, 400);
        case 'not_academic':
          return data<ValidationActionData>(
            { form, fieldErrors: [{ path: ['email'], code: 'not_academic', message: result.message }], values },
            400,
          );
        case 'refused':
          return data<ValidationActionData>({ form, message: result.message, values }, 429);
      }
      break;
    }
    case 'confirm': {
      const result = await students.confirmAcademicEmail({ identityId, code: values.code ?? '' });
      switch (result.kind) {
        case 'verified':
          throw redirect(paymentHref(url, plan.code));
        case 'invalid':
          return data<ValidationActionData>({ form: 'code', fieldErrors: result.fieldErrors }, 400);
        case 'refused':
          // A wrong code is the field's problem; a code that no longer works is the whole step's.
          return result.type === 'WRONG_CODE'
            ? data<ValidationActionData>(
                { form: 'code', fieldErrors: [{ path: ['code'], code: result.type, message: result.message }] },
                400,
              )
            : data<ValidationActionData>({ form: 'code', message: result.message }, 400);
      }
      break;
    }
  }
  return data<ValidationActionData>({ form: 'email', message: 'This form could not be sent. Reload the page and try again.' }, 400);
}
