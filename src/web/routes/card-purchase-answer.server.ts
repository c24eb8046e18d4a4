// What a payment page's action answers when a card purchase has not (yet) bought anything: the
// bank's 3-D Secure challenge to show, a refusal in the purchase's words, or the fields to correct.
// Shared by the membership, team and ticket checkouts (each maps its own success).
import type { FieldError } from '../../shared/validation/field-errors.ts';

export type UnfinishedPurchase =
  | { kind: 'three_d_secure'; threeDSecureActionToken: string; message: string }
  | { kind: 'error'; type: string; message: string }
  | { kind: 'invalid'; fieldErrors: FieldError[] };

export type UnfinishedAnswer =
  | { status: 'three_d_secure'; actionToken: string; message: string }
  | { status: 'error'; type?: string; message: string; fieldErrors?: Record<string, string> };

/** The answer when the form came without a card token (the card form needs JavaScript). */
export const NO_CARD_TOKEN: UnfinishedAnswer = {
  status: 'error',
  message: 'Enter your card details. The card form needs JavaScript, so your card goes straight to our payment provider.',
};

/** `fieldOf` names the form field of an error (by default the last part of its path). */
export function unfinishedPurchaseAnswer(
  result: UnfinishedPurchase,
  fieldOf: (error: FieldError) => string = (error) => error.path.at(-1) ?? '',
): UnfinishedAnswer {
  switch (result.kind) {
    case 'three_d_secure':
      return { status: 'three_d_secure', actionToken: result.threeDSecureActionToken, message: result.message };
    case 'error':
      return { status: 'error', type: result.type, message: result.message };
    case 'invalid':
      return {
        status: 'error',
        message: 'Please check the highlighted fields.',
        fieldErrors: Object.fromEntries(result.fieldErrors.map((error) => [fieldOf(error), error.message])),
      };
  }
}

/**
 * What every card purchase takes from its form, as the billing service's input names it: the payer
 * (names, country, postcode), the card token, the idempotency key and a 3-D Secure challenge's result.
 */
export function cardPurchaseFields(fields: Record<string, string>, cardToken: string) {
  return {
    currency: fields.currency ?? '',
    billingInfo: {
      firstName: fields.firstName ?? '',
      lastName: fields.lastName ?? '',
      countryCode: fields.countryCode ?? '',
      postalCode: fields.postalCode || null,
    },
    cardToken,
    idempotencyKey: fields.idempotencyKey ?? '',
    threeDSecureActionResultToken: fields.threeDSecureActionResultToken || null,
  };
}
