// /subscriptions/students/validation/?plan=… (§2): a student proves they study before paying.
// Step 1: the academic email address and the graduation year (we email a 6-digit code); step 2: the
// code, with "Send a new code"; once verified (or when already verified) the reader continues to
// /subscriptions/students/payment/ with the same plan. Plain form posts that work without
// JavaScript; with it, fields are checked as they are left, with the server's own messages.
// Signed-out readers sign in and come back. The server half is validation-page.server.ts beside it.
import { useMemo } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { academicCodeSchema, academicEmailInputSchema } from '../../../modules/students/academic-input.ts';
import { validationAction, validationLoader, type ValidationActionData, type ValidationView } from './validation-page.server.ts';
import { paths } from '../../../shared/paths.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { STUDENT_VALIDATION_PATH } from '../../components/billing/payment-types.ts';
import { FormNotice, TextField } from '../../components/form-fields.tsx';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/students-validation';

export function loader(args: Route.LoaderArgs) {
  return validationLoader(args);
}

export function action(args: Route.ActionArgs) {
  return validationAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Confirm you are a student',
    description: 'Verify your academic email address to join at the student price.',
    path: STUDENT_VALIDATION_PATH,
  });

const STEPS = ['Academic email', 'Confirmation code', 'Payment'] as const;

/** Where the student is in the journey: a quiet ruled row, the current step in ink. */
function Steps({ current }: { current: 1 | 2 }) {
  return (
    <ol className="student-steps" aria-label="Joining as a student">
      {STEPS.map((label, index) => (
        <li key={label} className="student-steps__step" aria-current={index + 1 === current ? 'step' : undefined}>
          <span className="student-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

export default function StudentValidation({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const answer = actionData as ValidationActionData | undefined;
  if (view.member) {
    return (
      <AuthPage
        kicker="Student membership"
        title="You are already a member"
        standfirst="Your membership already includes everything a student membership does, so there is nothing to verify."
      >
        <p className="cta-row">
          <Link className="button" to={paths.membership()}>
            See your membership
          </Link>
        </p>
      </AuthPage>
    );
  }
  return view.step === 'code' ? (
    <CodeStep view={view} problem={answer?.form === 'code' ? answer : undefined} />
  ) : (
    <EmailStep view={view} problem={answer?.form === 'email' ? answer : undefined} />
  );
}

function EmailStep({ view, problem }: { view: ValidationView; problem?: ValidationActionData }) {
  const schema = useMemo(() => academicEmailInputSchema(), []);
  const form = useSchemaForm(schema, problem?.fieldErrors);
  const navigation = useNavigation();
  const { min, max } = view.bounds;
  return (
    <AuthPage
      kicker="Student membership"
      title="Confirm you are a student"
      standfirst={
        <>
          You have chosen <strong>{view.plan.title}</strong>, billed {view.plan.interval === 'year' ? 'yearly' : 'monthly'}. Enter the email
          address your university or college gave you and we will send a code to it.
        </>
      }
      aside={
        <p>
          Not a student? <Link to={paths.packages()}>See individual memberships</Link>
        </p>
      }
    >
      <div className="student-step">
        <Steps current={1} />
        {view.graduated && !problem && (
          <FormNotice kind="error">
            Your graduation year has passed. If you are still studying, confirm your academic address again with the year you now expect to
            graduate.
          </FormNotice>
        )}
        {problem?.message && <FormNotice kind="error">{problem.message}</FormNotice>}
        <Form
          method="post"
          className="flow-form"
          noValidate
          onSubmit={form.onSubmit}
          onBlur={form.onBlur}
          onChange={form.onChange}
          aria-label="Your student details"
        >
          <input type="hidden" name="intent" value="send" />
          <TextField
            name="email"
            type="email"
            label="Academic email address"
            hint="The address from your university or college, such as name@ox.ac.uk or name@mit.edu. Personal addresses (Gmail, Outlook …) cannot be verified."
            autoComplete="email"
            required
            defaultValue={problem?.values?.email ?? view.email}
            error={form.errors.email}
          />
          <TextField
            name="graduationYear"
            label="Graduation year"
            hint={`The year you expect to finish your studies, from ${min} to ${max}. Your student price lasts until then.`}
            inputMode="numeric"
            autoComplete="off"
            required
            defaultValue={problem?.values?.graduationYear ?? view.graduationYear}
            error={form.errors.graduationYear}
          />
          <div className="flow-form__actions">
            <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
              Send code
            </button>
          </div>
        </Form>
      </div>
    </AuthPage>
  );
}

function CodeStep({ view, problem }: { view: ValidationView; problem?: ValidationActionData }) {
  const form = useSchemaForm(academicCodeSchema, problem?.fieldErrors);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const unusable = !view.codeUsable;
  return (
    <AuthPage
      kicker="Student membership"
      title="Check your email"
      standfirst={
        <>
          Enter the 6-digit code we sent to <strong>{view.email}</strong>. It works for 30 minutes.
        </>
      }
      aside={
        <p>
          Wrong address? <Link to={view.changeHref}>Use a different address</Link>
        </p>
      }
    >
      <div className="student-step">
        <Steps current={2} />
        {view.resentTo && !problem && (
          <FormNotice kind="success">We have sent a new code to {view.resentTo}. Only the newest code works.</FormNotice>
        )}
        {problem?.message ? (
          <FormNotice kind="error">{problem.message}</FormNotice>
        ) : (
          unusable && <FormNotice kind="error">This code no longer works. Send yourself a new code.</FormNotice>
        )}
        {!unusable && (
          <Form
            method="post"
            className="flow-form"
            noValidate
            onSubmit={form.onSubmit}
            onBlur={form.onBlur}
            onChange={form.onChange}
            aria-label="Enter the code"
          >
            <input type="hidden" name="intent" value="confirm" />
            <TextField
              name="code"
              label="Confirmation code"
              autoComplete="one-time-code"
              inputMode="numeric"
              inputClassName="field__input--code"
              required
              error={form.errors.code}
            />
            <div className="flow-form__actions">
              <button type="submit" className="button" disabled={busy}>
                Confirm and continue
              </button>
            </div>
          </Form>
        )}
        <Form method="post" className="student-resend" aria-label="Ask for another code">
          <input type="hidden" name="intent" value="resend" />
          {!unusable && <p className="field__hint">No email after a minute? Check your spam folder, or ask for another code.</p>}
          <button type="submit" className={unusable ? 'button' : 'button button--secondary'} disabled={busy}>
            Send a new code
          </button>
        </Form>
      </div>
    </AuthPage>
  );
}
