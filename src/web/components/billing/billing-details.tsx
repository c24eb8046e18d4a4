// The billing details the payment form submits with the token: name, country (which decides the
// tax), postcode, and the currency to pay in. Changing the country or currency reloads the price.
import { TextField } from '../form-fields.tsx';
import type { PaymentView } from './payment-types.ts';

export type BillingChoice = 'country' | 'currency';

export function BillingDetails({
  view,
  fieldErrors,
  onChoice,
}: {
  view: PaymentView;
  fieldErrors: Record<string, string>;
  onChoice: (name: BillingChoice, value: string) => void;
}) {
  return (
    <fieldset className="payment__fieldset">
      <legend className="payment__legend">Billing details</legend>
      <TextField
        name="firstName"
        label="First name"
        required
        autoComplete="given-name"
        defaultValue={view.billing.firstName}
        error={fieldErrors.firstName}
      />
      <TextField
        name="lastName"
        label="Last name"
        required
        autoComplete="family-name"
        defaultValue={view.billing.lastName}
        error={fieldErrors.lastName}
      />
      <div className="field">
        <label htmlFor="countryCode" className="field__label">
          Country
        </label>
        <p id="countryCode-hint" className="field__hint">
          Decides the tax on your membership.
        </p>
        <select
          id="countryCode"
          name="countryCode"
          className="field__input field__select"
          value={view.countryCode}
          autoComplete="country"
          aria-describedby="countryCode-hint"
          onChange={(event) => onChoice('country', event.target.value)}
        >
          {view.countries.map((option) => (
            <option key={option.key} value={option.key}>
              {option.title}
            </option>
          ))}
        </select>
      </div>
      <TextField name="postalCode" label="Postcode" autoComplete="postal-code" error={fieldErrors.postalCode} />
      <div className="field">
        <label htmlFor="currency-choice" className="field__label">
          Currency
        </label>
        <select
          id="currency-choice"
          className="field__input field__select"
          value={view.price.currency}
          onChange={(event) => onChoice('currency', event.target.value)}
        >
          {view.currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
