// /subscriptions/cancel/ (§2): cancel a membership. Step 1 asks why (a reason from a fixed list,
// words required for "Another reason"); step 2, only when the member is eligible, offers the
// retention discount ("Stay for 50 % off your next year") with Accept or Continue to cancel. Both
// steps are plain forms posting to this action (they work without JavaScript); the answer is
// /subscriptions/cancel/confirmation/. The rules live in modules/billing/cancellation.ts.
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  cancellationReasonSchema,
  OTHER_REASON_MAX,
} from '../../../modules/billing/cancellation-reasons.ts';
import { formatDay } from '../../../modules/billing/money.ts';
import { paths } from '../../../shared/paths.ts';
import { fieldErrorsFromZod, type FieldError } from '../../../shared/validation/field-errors.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { AuthPage } from '../../components/auth-page.tsx';
import { FormNotice } from '../../components/form-fields.tsx';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { formFields, requireSignedIn } from '../user/details.server.ts';
import { userPageMeta } from '../user/user-meta.ts';
import type { Route } from './+types/cancel';

const PATH = '/subscriptions/cancel/';
export const CONFIRMATION_PATH = '/subscriptions/cancel/confirmation/';

export async function loader(args: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(args, PATH);
  const { cancellation } = args.context.services.billing;
  const identityId = signedIn.session.identityId;
  const [subscription, discount] = await Promise.all([
    cancellation.cancellableSubscription(identityId),
    cancellation.discountEligibility(identityId),
  ]);
  return {
    subscription: subscription
      ? {
          id: subscription.id,
          planCode: subscription.planCode,
          title: subscription.title,
          endsOn: subscription.currentPeriodEndsAt ? formatDay(subscription.currentPeriodEndsAt) : null,
        }
      : null,
    discountPercent: discount.coupon.discountPercent ?? 0,
    discountOffered: discount.isEligible,
  };
}

type ActionData =
  | { step: 'reason'; fieldErrors: FieldError[]; values: Record<string, string>; message?: string }
  | { step: 'offer'; reason: string; otherReason: string };

export async function action(args: Route.ActionArgs) {
  const signedIn = await requireSignedIn(args, PATH);
  const identityId = signedIn.session.identityId;
  const { cancellation } = args.context.services.billing;
  const values = await formFields(args.request);
  const subscription = await cancellation.cancellableSubscription(identityId);
  if (!subscription)
    return data<ActionData>({ step: 'reason', fieldErrors: [], values, message: 'There is no active membership to cancel.' }, 400);

  if (values.intent === 'accept') {
    const redeemed = await cancellation.redeemDiscount({ identityId, subscriptionId: subscription.id });
    if (!redeemed.ok)
      return data<ActionData>(
        {
          step: 'reason',
          fieldErrors: [],
          values,
          message: redeemed.error.kind === 'refused' ? redeemed.error.message : 'The discount could not be applied.',
        },
        400,
      );
    throw redirect(CONFIRMATION_PATH);
  }

  const parsed = cancellationReasonSchema.safeParse({ reason: values.reason, otherReason: values.otherReason });
  if (!parsed.success) return data<ActionData>({ step: 'reason', fieldErrors: fieldErrorsFromZod(parsed.error), values }, 400);

  // The offer comes first, when there is one; "Continue to cancel" posts intent=cancel.
  if (values.intent !== 'cancel' && (await cancellation.discountEligibility(identityId)).isEligible) {
    return { step: 'offer', reason: parsed.data.reason, otherReason: parsed.data.otherReason ?? '' } satisfies ActionData;
  }
  const cancelled = await cancellation.cancel({
    identityId,
    subscriptionId: subscription.id,
    reason: parsed.data.reason,
    otherReason: parsed.data.otherReason,
  });
  if (!cancelled.ok)
    return data<ActionData>(
      {
        step: 'reason',
        fieldErrors: cancelled.error.kind === 'invalid' ? cancelled.error.fieldErrors : [],
        values,
        message: cancelled.error.kind === 'refused' ? cancelled.error.message : undefined,
      },
      400,
    );
  throw redirect(CONFIRMATION_PATH);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Cancel your membership', description: 'Cancel your membership, or stay with a discount.', path: PATH });

export default function Cancel({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, discountPercent, discountOffered } = loaderData;
  useTrackEvent(
    'user_view_cancellation',
    subscription ? { subscriptionId: subscription.id, planCode: subscription.planCode, discountOffered } : null,
  );
  const answer = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';

  if (!subscription) {
    return (
      <AuthPage kicker="Membership" title="Cancel your membership" standfirst="You have no active membership to cancel.">
        <p>
          <Link to={paths.membership()}>Back to your membership</Link>
        </p>
      </AuthPage>
    );
  }

  if (answer?.step === 'offer') {
    return (
      <AuthPage
        kicker="Before you go"
        title={`Stay for ${discountPercent} % off your next year`}
        standfirst={`Keep your ${subscription.title} membership and pay ${discountPercent} % less when it next renews. Nothing else changes.`}
      >
        <section className="cancel-offer" aria-labelledby="cancel-offer-heading">
          <h2 id="cancel-offer-heading" className="visually-hidden">
            Your offer
          </h2>
          <p className="cancel-offer__badge" aria-hidden="true">
            −{discountPercent} %
          </p>
          <Form method="post" className="cancel-offer__actions">
            <input type="hidden" name="reason" value={answer.reason} />
            <input type="hidden" name="otherReason" value={answer.otherReason} />
            <button type="submit" name="intent" value="accept" className="button" disabled={busy}>
              Accept {discountPercent} % off
            </button>
            <button type="submit" name="intent" value="cancel" className="button button--secondary" disabled={busy}>
              Continue to cancel
            </button>
          </Form>
        </section>
      </AuthPage>
    );
  }

  return <ReasonStep subscription={subscription} problem={answer?.step === 'reason' ? answer : undefined} busy={busy} />;
}

function ReasonStep({
  subscription,
  problem,
  busy,
}: {
  subscription: { title: string; endsOn: string | null };
  problem: Extract<ActionData, { step: 'reason' }> | undefined;
  busy: boolean;
}) {
  const form = useSchemaForm(cancellationReasonSchema, problem?.fieldErrors);
  const reasonError = form.errors.reason;
  const otherError = form.errors.otherReason;
  return (
    <AuthPage
      kicker="Membership"
      title="Cancel your membership"
      standfirst={`Your ${subscription.title} membership will not renew${subscription.endsOn ? `; you keep access until ${subscription.endsOn}` : ''}. Tell us why you are leaving.`}
    >
      {problem?.message && <FormNotice kind="error">{problem.message}</FormNotice>}
      {problem && !problem.message && problem.fieldErrors.length > 0 && (
        <FormNotice kind="error">Please check the highlighted fields.</FormNotice>
      )}
      <Form
        method="post"
        className="flow-form cancel-form"
        noValidate
        onSubmit={form.onSubmit}
        onBlur={form.onBlur}
        onChange={form.onChange}
        aria-label="Why you are cancelling"
      >
        <fieldset
          className="cancel-form__reasons"
          aria-describedby={reasonError ? 'reason-error' : undefined}
          aria-invalid={reasonError ? true : undefined}
        >
          <legend className="field__label">Why are you cancelling?</legend>
          {CANCELLATION_REASONS.map((reason) => (
            <div key={reason} className="cancel-form__choice">
              <input type="radio" id={`reason-${reason}`} name="reason" value={reason} defaultChecked={problem?.values.reason === reason} />
              <label htmlFor={`reason-${reason}`}>{CANCELLATION_REASON_LABELS[reason]}</label>
            </div>
          ))}
          {reasonError && (
            <p id="reason-error" className="field__message field__message--error">
              {reasonError}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor="otherReason" className="field__label">
            Tell us more
          </label>
          <p id="otherReason-hint" className="field__hint">
            Required for “Another reason”. At most {OTHER_REASON_MAX} characters.
          </p>
          <textarea
            id="otherReason"
            name="otherReason"
            className="field__input cancel-form__other"
            rows={4}
            maxLength={OTHER_REASON_MAX + 100}
            defaultValue={problem?.values.otherReason ?? ''}
            aria-invalid={otherError ? true : undefined}
            aria-describedby={otherError ? 'otherReason-hint otherReason-error' : 'otherReason-hint'}
          />
          {otherError && (
            <p id="otherReason-error" className="field__message field__message--error">
              {otherError}
            </p>
          )}
        </div>
        <div className="flow-form__actions">
          <button type="submit" className="button" disabled={busy}>
            Continue
          </button>
          <Link to={paths.membership()} className="cancel-form__keep">
            Keep my membership
          </Link>
        </div>
      </Form>
    </AuthPage>
  );
}
