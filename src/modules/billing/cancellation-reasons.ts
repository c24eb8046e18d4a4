// The cancel form's reasons and their rule (isomorphic: the page checks in the browser with the
// same schema the action and the cancelSubscription mutation use; see cancellation.ts).
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';

/** Why people leave: the reasons the cancel form offers (OTHER needs a few words). */
export const CANCELLATION_REASONS = [
  'TOO_EXPENSIVE',
  'NOT_ENOUGH_TIME',
  'CONTENT_NOT_RELEVANT',
  'TECHNICAL_PROBLEMS',
  'SWITCHING_SERVICE',
  'OTHER',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  TOO_EXPENSIVE: 'It costs too much',
  NOT_ENOUGH_TIME: 'I do not have time to read it',
  CONTENT_NOT_RELEVANT: 'The journalism is not relevant to me',
  TECHNICAL_PROBLEMS: 'I had technical problems',
  SWITCHING_SERVICE: 'I am switching to another service',
  OTHER: 'Another reason',
};

export const OTHER_REASON_MAX = 500;

/** The reason form, shared by the page (browser and action) and the API. */
export const cancellationReasonSchema = z
  .object({
    reason: z.enum(CANCELLATION_REASONS, { error: 'Choose a reason.' }),
    // A textarea: line breaks and tabs are kept, other control characters refused.
    otherReason: safeText({ multiline: true })
      .trim()
      .max(OTHER_REASON_MAX, `Use at most ${OTHER_REASON_MAX} characters.`)
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'OTHER' && !value.otherReason)
      ctx.addIssue({ code: 'custom', path: ['otherReason'], message: 'Tell us your reason.' });
  });
