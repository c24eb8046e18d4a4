// The enquiry form every contact page and the team enquiry on /subscriptions/executive/ share: the
// fields its kind asks (modules/enquiries/enquiry-input.ts), errors beside each field from the same
// zod schema in the browser and in the action, a hidden honeypot, and the confirmation shown after
// the action redirects to ?sent=1. A plain form post: it works without JavaScript.
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  ENQUIRY_COMPANY_LABELS,
  ENQUIRY_FIELDS,
  ENQUIRY_LIMITS,
  enquiryFormSchema,
  HONEYPOT_FIELD,
  type EnquiryKind,
} from '../../../modules/enquiries/enquiry-input.ts';
import type { FieldError } from '../../../shared/validation/field-errors.ts';
import { FormNotice, SelectField, TextField, type Option } from '../../components/form-fields.tsx';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { useSessionUser } from '../../lib/session.ts';

/** The anchor of the form (and of its confirmation): /subscriptions/groups/ links to /subscriptions/executive/#enquiry. */
export const ENQUIRY_ANCHOR = 'enquiry';

/** What the action answers when the enquiry was not sent: the errors, what was typed, or a message (rate limit). */
export interface EnquiryProblem {
  fieldErrors: FieldError[];
  values: Record<string, string>;
  message?: string;
}

/** The words of one kind's message field. */
export interface MessageCopy {
  label: string;
  hint: string;
}

const MESSAGE_COPY: Record<EnquiryKind, MessageCopy> = {
  professional: { label: 'Anything you would like us to know', hint: 'What you work on, and what you would like from a membership.' },
  student: {
    label: 'Your students and courses',
    hint: 'How many students and staff, which courses, and when you would like access to start.',
  },
  insights: { label: 'What you would like to know', hint: 'The market, category or question you are looking into, and by when.' },
  media: { label: 'Your enquiry', hint: 'What you are working on, what you need from us, and your deadline.' },
  group: { label: 'Anything else', hint: 'What your team works on, or when you would like to start.' },
};

export function EnquiryForm({
  kind,
  countries,
  sourcePath,
  problem,
  heading,
  submitLabel = 'Send enquiry',
}: {
  kind: EnquiryKind;
  countries: readonly Option[];
  /** The page the form is on (path and query), stored with the enquiry. */
  sourcePath: string;
  problem?: EnquiryProblem;
  heading: string;
  submitLabel?: string;
}) {
  const fields = ENQUIRY_FIELDS[kind];
  const form = useSchemaForm(enquiryFormSchema(kind), problem?.fieldErrors);
  const busy = useNavigation().state === 'submitting';
  const values = problem?.values ?? {};
  const { errors } = form;
  const message = MESSAGE_COPY[kind];
  const messageError = errors.message;
  // A signed-in reader's address, filled in by the browser (the page is shared, so it names no one).
  const user = useSessionUser();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const email = formRef.current?.elements.namedItem('email');
    if (user?.email && email instanceof HTMLInputElement && email.value === '') email.value = user.email;
  }, [user?.email]);
  return (
    <section className="enquiry" id={ENQUIRY_ANCHOR} aria-labelledby="enquiry-heading" tabIndex={-1}>
      <h2 id="enquiry-heading" className="enquiry__heading">
        {heading}
      </h2>
      {problem?.message && <FormNotice kind="error">{problem.message}</FormNotice>}
      {problem && !problem.message && problem.fieldErrors.length > 0 && (
        <FormNotice kind="error">Please check the highlighted fields.</FormNotice>
      )}
      <Form
        method="post"
        ref={formRef}
        className="flow-form enquiry__form"
        noValidate
        preventScrollReset
        onSubmit={form.onSubmit}
        onBlur={form.onBlur}
        onChange={form.onChange}
        aria-labelledby="enquiry-heading"
      >
        <input type="hidden" name="source" value={sourcePath} />
        <div className="enquiry__row">
          <TextField name="name" label="Your name" required autoComplete="name" defaultValue={values.name} error={errors.name} />
          <TextField
            name="email"
            label="Work email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            defaultValue={values.email}
            error={errors.email}
          />
        </div>
        <div className="enquiry__row">
          <TextField
            name="company"
            label={ENQUIRY_COMPANY_LABELS[kind]}
            required={fields.company === 'required'}
            autoComplete="organization"
            defaultValue={values.company}
            error={errors.company}
          />
          {fields.jobTitle && (
            <TextField
              name="jobTitle"
              label="Job title"
              required={fields.jobTitle === 'required'}
              autoComplete="organization-title"
              defaultValue={values.jobTitle}
              error={errors.jobTitle}
            />
          )}
        </div>
        {(fields.teamSize || fields.country) && (
          <div className="enquiry__row">
            {fields.teamSize && (
              <TextField
                name="teamSize"
                label="Team size"
                hint="How many people the membership is for."
                required={fields.teamSize === 'required'}
                inputMode="numeric"
                autoComplete="off"
                inputClassName="enquiry__number"
                defaultValue={values.teamSize}
                error={errors.teamSize}
              />
            )}
            {fields.country && (
              <SelectField
                name="country"
                label="Country"
                hint={fields.teamSize ? 'Where most of the team is based.' : undefined}
                required={fields.country === 'required'}
                options={countries}
                placeholder="Choose a country…"
                autoComplete="country"
                defaultValue={values.country}
                error={errors.country}
              />
            )}
          </div>
        )}
        {fields.message && (
          <div className="field">
            <label htmlFor="message" className="field__label">
              {message.label}
              {fields.message !== 'required' && <span className="field__optional"> (optional)</span>}
            </label>
            <p id="message-hint" className="field__hint">
              {message.hint} At most {ENQUIRY_LIMITS.message.toLocaleString('en-GB')} characters.
            </p>
            <textarea
              id="message"
              name="message"
              className="field__input enquiry__message"
              rows={6}
              required={fields.message === 'required'}
              defaultValue={values.message ?? ''}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? 'message-hint message-error' : 'message-hint'}
            />
            {messageError && (
              <p id="message-error" className="field__message field__message--error">
                {messageError}
              </p>
            )}
          </div>
        )}
        {/* The honeypot: hidden from people and from assistive technology; robots fill it in. */}
        <div className="enquiry__trap" aria-hidden="true">
          <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
          <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="flow-form__actions">
          <button type="submit" className="button flow-form__submit" disabled={busy}>
            {busy ? 'Sending…' : submitLabel}
          </button>
        </div>
        <p className="note">
          We use these details only to answer your enquiry. See our <Link to="/legal/#privacy">privacy policy</Link>.
        </p>
      </Form>
    </section>
  );
}

/** What the page shows once the enquiry is sent (after the action's redirect to ?sent=1). */
export function EnquirySent({ children }: { children?: React.ReactNode }) {
  return (
    <section className="enquiry enquiry--sent" id={ENQUIRY_ANCHOR} aria-labelledby="enquiry-sent-heading" tabIndex={-1}>
      <p className="kicker">Enquiry sent</p>
      <h2 id="enquiry-sent-heading" className="enquiry__heading">
        Thank you: your enquiry is with us
      </h2>
      <p role="status" className="enquiry__sent-text">
        We reply within two working days. An acknowledgement is on its way to your inbox; if it has not arrived in a few minutes, look in
        your spam folder.
      </p>
      {children}
    </section>
  );
}
